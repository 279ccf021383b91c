// The local EVM nodes of the donation tests: deterministic funded accounts, automine. CHAIN_ID
// lets a second node stand in for Polygon PoS (137).
module.exports = {
  networks: { hardhat: { chainId: Number(process.env.CHAIN_ID ?? 31337) } },
};
