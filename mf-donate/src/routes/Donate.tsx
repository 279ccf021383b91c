import { FirstScreen } from '../features/first-screen/FirstScreen';
import { WalletConnect } from '../features/wallet/WalletConnect';

const meta = {
  title: "Donate",
  description: "Donate ETH from your browser wallet to support the party.",
};

export default function DonatePage() {
  return (
    <FirstScreen
      meta={meta}
      eyebrow="Donate crypto"
      heading="Fund the refoundation."
      lead="Donate ETH directly from your browser wallet: transparent, global and low in fees."
    >
      <WalletConnect />
    </FirstScreen>
  );
}
