import type { Browser } from '@playwright/test';
import { eventLinks, staffLinks } from '@party/shared-contracts';
import { accessibilityViolations } from '../support/accessibility';
import { expect, expectPage, requiredEnv, test, toasts } from '../support/fixtures';
import { linkTo, mailTo } from '../support/loopback-mailbox';
import { newStaffMember } from '../support/staff-console';

const someone = (name: string) => `${name}+${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** A visitor of their own registers on the event's page; what the form says. */
async function registerAs(browser: Browser, eventId: string, name: string, email: string) {
  const page = await browser.newPage();
  await page.goto(`/events/${eventId}`);
  const form = page.getByRole('form', { name: /Register for this event|Join the waitlist/ });
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: /Register|Join the waitlist/ }).click();
  const said = (await form.getByRole('status').textContent()) ?? '';
  await page.close();
  return said;
}

test('an organiser makes an event of one place; the second visitor waits, is offered the place freed by the first, and takes it; the door marks them arrived', async ({
  page,
  browser,
}) => {
  const mailDir = requiredEnv('E2E_MAIL_DIR');
  await newStaffMember(page, 'communications');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Events' }).click();
  await page.getByRole('button', { name: 'New event' }).click();
  const stamp = `${Date.now()}`;
  const eventId = `one-place-${stamp}`;
  const title = `A meeting of one, ${stamp}`;
  const draft = page.getByRole('form', { name: 'New event' });
  await draft.getByLabel('Address').fill(eventId);
  await draft.getByLabel('Title').fill(title);
  await draft.getByLabel('Summary').fill('One place, to see the waitlist at work.');
  await draft.getByLabel('Date').fill(inAMonth());
  await draft.getByLabel('Time zone').fill('America/Denver');
  await draft.getByLabel('Place', { exact: true }).fill('Central Library, Denver');
  await draft.getByLabel('Places').fill('1');
  expect(await accessibilityViolations(page)).toEqual([]);
  await draft.getByRole('button', { name: 'Save the event' }).click();
  await expect(toasts(page).getByText('Event created')).toBeVisible();

  const [first, second] = [someone('first'), someone('second')];
  expect(await registerAs(browser, eventId, 'Mary Jackson', first)).toContain(`Your place at ${title} is confirmed.`);
  expect(await registerAs(browser, eventId, 'Katherine Johnson', second)).toContain('you are number 1 in the queue');

  const [confirmation] = await mailTo(mailDir, first);
  expect(confirmation!.subject).toBe(`Your place at ${title} is confirmed`);
  const invitation = confirmation!.attachments.find((file) => file.contentType.startsWith('text/calendar'));
  expect(invitation?.content.toString()).toMatch(/METHOD:REQUEST[\s\S]*UID:event-one-place-\d+@/);

  // The first cancels from their email's link, without an account.
  const visitor = await browser.newPage();
  await visitor.goto(linkTo(confirmation!, eventLinks.placePage));
  await expectPage(visitor, 'Your place.');
  await expect(visitor.getByText('Your place is confirmed.')).toBeVisible();
  expect(await accessibilityViolations(visitor)).toEqual([]);
  await visitor.getByRole('button', { name: 'Cancel my place' }).click();
  await expect(visitor.getByText('This place is cancelled.')).toBeVisible();
  const [, cancellation] = await mailTo(mailDir, first, { count: 2 });
  expect(cancellation!.attachments.some((file) => file.content.toString().includes('METHOD:CANCEL'))).toBe(true);

  // The second is offered the place, and takes it.
  const offer = (
    await mailTo(mailDir, second, { where: (mail) => mail.subject === `A place has come free at ${title}` })
  )[0]!;
  await visitor.goto(linkTo(offer, eventLinks.placePage));
  await expect(visitor.getByText(/A place has come free for you/)).toBeVisible();
  await visitor.getByRole('button', { name: 'Take the place' }).click();
  await expect(visitor.getByText('Your place is confirmed.')).toBeVisible();
  const code = (await visitor
    .locator('strong')
    .filter({ hasText: /^[A-Z2-9]{6}$/ })
    .textContent())!;

  // At the door: found by the code, marked arrived.
  await page.reload();
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Events' }).click();
  await page.getByRole('button', { name: `Door list of ${title}` }).click();
  await page.getByLabel('Find by name, email or check-in code').fill(code);
  await page.getByRole('button', { name: 'Search' }).click();
  const arrival = page.getByRole('checkbox', { name: /Katherine Johnson/ });
  await arrival.check();
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('Arrived');
  await expect
    .poll(async () => {
      const list = await page.request.get(`${staffLinks.eventsEndpoint}/${eventId}/door-list?q=${code}`);
      return ((await list.json()) as Array<{ attendedAt: string | null }>)[0]?.attendedAt ?? null;
    })
    .not.toBeNull();
});
