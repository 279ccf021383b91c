// solc-js ships no types; the tests use its one standard-JSON entry point.
declare module 'solc' {
  const solc: { compile(input: string): string };
  export default solc;
}
