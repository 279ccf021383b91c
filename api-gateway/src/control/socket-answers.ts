import net from 'node:net';

/**
 * Whether a process answers on the socket at `socketPath`. Apart from the control app, so that a
 * command line asking whether the site runs loads nothing of the gateway.
 */
export function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
