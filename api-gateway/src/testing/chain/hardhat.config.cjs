// The local EVM nodes of the donation tests: deterministic funded accounts, automine. CHAIN_ID
// lets a second node stand in for Polygon PoS (137). A failing transaction is mined with status 0,
// as on a real chain, rather than refused by the node.
module.exports = {
  networks: { hardhat: { chainId: Number(process.env.CHAIN_ID ?? 31337), throwOnTransactionFailures: false } },
};
