// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Stands in for a Chainlink aggregator on the local chains: the part the gateway reads, with an
/// answer a test sets. Installed with hardhat_setCode, so it has no constructor.
contract PriceFeed {
    uint80 private round;
    int256 private answer;
    uint256 private updatedAt;

    function decimals() external pure returns (uint8) {
        return 8;
    }

    function setAnswer(int256 newAnswer) external {
        setRound(newAnswer, block.timestamp);
    }

    /// A round updated at `at`: a stale one when `at` is long past.
    function setRound(int256 newAnswer, uint256 at) public {
        round += 1;
        answer = newAnswer;
        updatedAt = at;
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        return (round, answer, updatedAt, updatedAt, round);
    }
}
