/* global jest */
// Opening an embedded database (initdb) takes up to ~5 s on a loaded two-core machine, and a machine
// of our kind may be several times slower: a bound, never what a test expects to take. Set here, not
// as `testTimeout`, because the root run's projects do not apply that option.
jest.setTimeout(60_000);
