import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { listenToShellChannel } from './app/listen-to-shell-channel';
import { loadRemoteRegistry } from './features/remotes/remote-registry';
import './styles/global.css';

listenToShellChannel();
// Start reading the registry now so that it is in flight while the first render happens.
void loadRemoteRegistry().catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
// The only error boundaries are around remote pages; they report what they catch themselves.
createRoot(container, { onCaughtError: () => undefined }).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
