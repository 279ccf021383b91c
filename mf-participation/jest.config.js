import { jestConfig } from '../jest/jest.config.base.js';

export default jestConfig({ environment: 'jsdom' });
