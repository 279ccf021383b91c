import { siteRoutesOf } from '@party/shared-contracts';
import { testRegistry } from '../../testing/site-registry';
import { navigationOf, siteMapOf } from './site-navigation';

const routes = siteRoutesOf(testRegistry());

describe('the navigation the active releases ask for', () => {
  it('puts in the header the routes that ask for it, in their order, whichever remote serves them', () => {
    expect(navigationOf([...routes].reverse())).toEqual([
      { to: '/', label: 'Home' },
      { to: '/donate', label: 'Donate' },
    ]);
  });

  it('maps the footer in the contract’s groups, each in its order, leaving out empty groups and unlisted pages', () => {
    expect(siteMapOf(routes)).toEqual([
      { heading: 'News and events', links: [{ to: '/news', label: 'News and research' }] },
      {
        heading: 'Take part',
        links: [
          { to: '/join', label: 'Join' },
          { to: '/donate', label: 'Donate' },
        ],
      },
      {
        heading: 'Contact and legal',
        links: [
          { to: '/privacy', label: 'Privacy Policy' },
          { to: '/contact', label: 'Contact' },
        ],
      },
    ]);
  });
});
