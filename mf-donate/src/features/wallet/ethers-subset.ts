// The part of ethers this remote uses, in one module that is loaded on demand: a dynamic import of
// 'ethers' itself would keep the whole package (~140 kB gz) instead of these (~95 kB).
export { BrowserProvider, formatEther, parseEther } from 'ethers';
