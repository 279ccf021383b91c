/* global jest */
// Opening an embedded database (initdb) takes up to ~5 s on a loaded two-core machine. Set here, not
// as `testTimeout`, because the root run's projects do not apply that option.
jest.setTimeout(20_000);
