import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { FormRules } from '@party/shared-contracts';
import { useSchemaForm } from './useSchemaForm';

const rules: FormRules<{ email: string }> = {
  check: (values) => {
    const { email } = values as { email: string };
    return email.includes('@')
      ? { ok: true, data: { email } }
      : { ok: false, errors: { email: 'Please enter a valid email address' } };
  },
};

/** A form as a page holds it: inside the site's router. */
function EmailForm(props: Parameters<typeof EmailFormFields>[0]) {
  return (
    <MemoryRouter>
      <EmailFormFields {...props} />
    </MemoryRouter>
  );
}

function EmailFormFields({
  loadRules,
  onFailure,
  send,
}: {
  loadRules: () => Promise<FormRules<{ email: string }>>;
  onFailure: (error: unknown) => void;
  send: (form: { email: string }) => Promise<void>;
}) {
  const form = useSchemaForm({ rules: loadRules, initialValues: { email: '' }, send, onFailure });
  const email = form.text('email');
  return (
    <form {...form.formProps} aria-label="Sign-up">
      <label htmlFor="email">Email</label>
      <input
        id="email"
        name="email"
        value={email.value}
        onChange={(event) => email.onChange(event.target.value)}
        aria-invalid={Boolean(email.error)}
        aria-describedby={email.error ? 'email-error' : undefined}
      />
      {email.error && <p id="email-error">{email.error}</p>}
      <button type="submit">Send</button>
    </form>
  );
}

it('loads the rules when the form is first focused, once', async () => {
  const loadRules = jest.fn(async () => rules);
  render(<EmailForm loadRules={loadRules} onFailure={jest.fn()} send={jest.fn(async () => undefined)} />);
  expect(loadRules).not.toHaveBeenCalled();
  const user = userEvent.setup();
  await user.click(screen.getByLabelText('Email'));
  await user.type(screen.getByLabelText('Email'), 'not an address');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  expect(loadRules).toHaveBeenCalledTimes(1);
});

it('says the rules could not be loaded, and tries again on the next submit', async () => {
  const unreachable = new Error('Loading chunk failed');
  let reachable = false;
  const loadRules = jest.fn(async () => {
    if (!reachable) throw unreachable;
    return rules;
  });
  const onFailure = jest.fn();
  const send = jest.fn(async () => undefined);
  render(<EmailForm loadRules={loadRules} onFailure={onFailure} send={send} />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'ada@example.org');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(onFailure).toHaveBeenCalledWith(unreachable));
  expect(send).not.toHaveBeenCalled();

  reachable = true;
  await user.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(send).toHaveBeenCalledWith({ email: 'ada@example.org' }));
});

it('takes what was typed into the server’s HTML before the form hydrated', async () => {
  const send = jest.fn(async () => undefined);
  const form = <EmailForm loadRules={async () => rules} onFailure={jest.fn()} send={send} />;
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(form);
  container.querySelector('input')!.value = 'ada@example.org';
  const root = await act(async () => hydrateRoot(container, form));
  try {
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ email: 'ada@example.org' }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
  } finally {
    act(() => root.unmount());
    container.remove();
  }
});

function ParagraphsForm() {
  const form = useSchemaForm({
    rules: async () => ({ check: () => ({ ok: false, errors: {} }) }),
    initialValues: { texts: ['First.', 'Second.'] },
    send: async () => undefined,
    onFailure: () => undefined,
  });
  return (
    <form {...form.formProps} aria-label="Paragraphs">
      {form.values.texts.map((text, index) => (
        <textarea
          key={index}
          aria-label={`Paragraph ${index + 1}`}
          name="texts"
          value={text}
          onChange={(event) => form.setValue('texts', form.values.texts.with(index, event.target.value))}
        />
      ))}
    </form>
  );
}

it('keeps a list of fields of one name, each with its own text, as it mounts', async () => {
  render(
    <MemoryRouter>
      <ParagraphsForm />
    </MemoryRouter>,
  );
  expect(screen.getByLabelText('Paragraph 2')).toHaveValue('Second.');
  await userEvent.setup().type(screen.getByLabelText('Paragraph 1'), ' More.');
  expect(screen.getByLabelText('Paragraph 1')).toHaveValue('First. More.');
  expect(screen.getByLabelText('Paragraph 2')).toHaveValue('Second.');
});
