// One jest run for every package's unit tests: one start-up, and the files of all packages shared
// among the workers. Each package keeps its own config and still runs alone with `npm test` in it.
export default {
  projects: ['shared-contracts', 'shell', 'mf-content', 'mf-engagement', 'mf-donate', 'api-gateway'].map((name) => `<rootDir>/${name}`),
  // Every run in a new order (the seed is printed): a test that leans on another one fails early.
  randomize: true,
  // Jest's default leaves a core idle, but most of these tests wait on databases, processes and sockets.
  maxWorkers: '100%',
};
