// The local EVM node of the donation tests: chain 31337, deterministic funded accounts, automine.
module.exports = {
  networks: { hardhat: { chainId: 31337 } },
};
