// CSS Modules in tests: every class name is its own key, so tests can query by it.
module.exports = new Proxy({}, { get: (_, key) => (key === '__esModule' ? false : key) });
