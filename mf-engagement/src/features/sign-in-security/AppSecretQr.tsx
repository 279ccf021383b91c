import { encode } from 'uqr';

/** The `otpauth://` address as a QR code for an authenticator app to scan, drawn as one SVG path. */
export function AppSecretQr({ uri }: { uri: string }) {
  const { data, size } = encode(uri, { ecc: 'M', border: 2 });
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      width="200"
      height="200"
      role="img"
      aria-label="QR code to scan with your authenticator app"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
