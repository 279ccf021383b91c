import { readBuildVariables } from './build-variables.js';

describe('readBuildVariables', () => {
  it('gives the defaults of a build with nothing set', () => {
    expect(readBuildVariables({})).toEqual({
      REMOTE_DIST_DIR: 'dist',
      RELEASE_BASE_URL: '/releases',
      GATEWAY_DEV_URL: 'http://localhost:8080',
    });
  });

  it('takes a release as the release tool sets it', () => {
    expect(
      readBuildVariables({
        REMOTE_RELEASE: '0.1.0+5c82e18',
        REMOTE_DIST_DIR: '/tmp/out',
        RELEASE_BASE_URL: 'https://cdn.example/releases',
      }),
    ).toMatchObject({
      REMOTE_RELEASE: '0.1.0+5c82e18',
      REMOTE_DIST_DIR: '/tmp/out',
      RELEASE_BASE_URL: 'https://cdn.example/releases',
    });
  });

  it('stops the build on a value it cannot use, naming each', () => {
    expect(() =>
      readBuildVariables({ REMOTE_RELEASE: '../x y', RELEASE_BASE_URL: 'releases', GATEWAY_DEV_URL: 'ftp://x' }),
    ).toThrow(
      /^Invalid build variables:\n.*release label.*\n.*at REMOTE_RELEASE\n.*path from the site root.*\n.*at RELEASE_BASE_URL\n.*\n.*at GATEWAY_DEV_URL$/,
    );
  });
});
