import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { executeBotCheck } from '@henhouse/kit/botcheck/botcheck';
import { mockApi, mount, resetStore, setupUser } from '@henhouse/kit/test/harness';
import { real } from '../test/recordedContact';
import { COUNT_ANNOUNCE_MS } from '../contact/ContactForm';
import Contact from './Contact';

jest.mock('@henhouse/kit/botcheck/botcheck', () => ({
  ...jest.requireActual('@henhouse/kit/botcheck/botcheck'),
  executeBotCheck: jest.fn(),
}));
const botCheck = executeBotCheck as jest.MockedFunction<typeof executeBotCheck>;

beforeEach(() => {
  resetStore();
  botCheck.mockReset();
  botCheck.mockResolvedValue('bot-token');
});

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const topic = () => screen.getByRole('combobox', { name: 'What is it about?' });
const send = () => screen.getByRole('button', { name: 'Send message' });

/** mountReady mounts /contact and waits for the topics. */
async function mountReady(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /contact/topics': real('GET /api/contact/topics'), ...routes });
  mount(Contact, '/contact');
  await waitFor(() => expect(topic()).toBeEnabled());
  return api;
}

async function fillIn(user: ReturnType<typeof setupUser>) {
  await user.type(field('Name'), 'Ada');
  await user.type(field('Email'), 'ada@example.com');
  await user.selectOptions(topic(), 'Feedback about a visit or the website');
  await user.type(field('Message'), 'Great biscuits.');
}

describe('contact form (/contact)', () => {
  it('opens on the accessibility topic from the accessibility page', async () => {
    mockApi({ 'GET /contact/topics': real('GET /api/contact/topics') });
    mount(Contact, '/contact?topic=accessibility');
    await waitFor(() => expect(topic()).toBeEnabled());
    expect(topic()).toHaveDisplayValue('Accessibility');
  });

  it('asks for the required fields, under each, and moves focus to the first', async () => {
    const api = await mountReady();
    const user = setupUser();
    await user.click(send());

    const name = field('Name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/Enter your name\./);
    expect(field('Email')).toHaveAccessibleDescription(/Enter a valid email address/);
    expect(topic()).toHaveAccessibleDescription(/Choose what your message is about\./);
    expect(field('Message')).toHaveAccessibleDescription(/Write your message\./);
    expect(field('Phone number')).not.toHaveAttribute('aria-invalid');
    const summary = screen.getByRole('group', { name: 'Check 4 fields' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Enter your name.',
      'Enter a valid email address, like name@example.com.',
      'Choose what your message is about.',
      'Write your message.',
    ]);
    expect(api.to('POST /contact')).toHaveLength(0);
    expect(botCheck).not.toHaveBeenCalled();

    // Fixing a field takes its message away.
    await user.type(field('Name'), 'Ada');
    expect(field('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('counts the characters left, politely, and shows the count as an error past 2,000', async () => {
    await mountReady();
    const message = field('Message');
    expect(screen.getByText('2,000 characters left')).toBeInTheDocument();
    fireEvent.change(message, { target: { value: 'x'.repeat(150) } });
    expect(message).toHaveAccessibleDescription('1,850 characters left');
    // Announced through the site's polite live region (kit/src/ui/announce.ts).
    const live = () => document.getElementById('hh-live-polite');
    await waitFor(() => expect(live()).toHaveTextContent('1,850 characters left'), {
      timeout: COUNT_ANNOUNCE_MS + 1000,
    });
    expect(live()).toHaveAttribute('aria-live', 'polite');

    fireEvent.change(message, { target: { value: 'x'.repeat(2001) } });
    const count = screen.getByText('1 character too many');
    expect(count).toHaveClass('hh-contact-count--over');
    expect(message).toHaveClass('hh-contact-message--over');
    const user = setupUser();
    await user.click(send());
    await waitFor(() => expect(message).toHaveAccessibleDescription(/Keep your message to 2000 characters or fewer\./));
  });

  it('asks for the order number only about an order', async () => {
    await mountReady();
    const user = setupUser();
    expect(screen.queryByRole('textbox', { name: /^Order number/ })).toBeNull();
    await user.selectOptions(topic(), 'An order');
    expect(field('Order number')).toHaveAccessibleDescription(/on your order confirmation/);
    await user.type(field('Order number'), 'my last one');
    await user.click(send());
    await waitFor(() => expect(field('Order number')).toHaveAttribute('aria-invalid', 'true'));
    await user.selectOptions(topic(), 'Catering');
    expect(screen.queryByRole('textbox', { name: /^Order number/ })).toBeNull();
    expect(screen.queryByText(/Enter the order number/)).toBeNull();
  });

  it("shows the edge's messages under their fields", async () => {
    await mountReady({ 'POST /contact': real('POST /api/contact invalid') });
    const user = setupUser();
    await fillIn(user);
    await user.click(send());
    await waitFor(() => expect(field('Name')).toHaveFocus());
    const fields = real<{ error: { fields: Record<string, string> } }>('POST /api/contact invalid').body.error.fields;
    expect(field('Name')).toHaveAccessibleDescription(expect.stringContaining(fields.name));
    expect(field('Phone number')).toHaveAccessibleDescription(expect.stringContaining(fields.phone));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the edge's message for a topic it doesn't know under the topic", async () => {
    await mountReady({ 'POST /contact': real('POST /api/contact invalid topic') });
    const user = setupUser();
    await fillIn(user);
    await user.click(send());
    const fields = real<{ error: { fields: Record<string, string> } }>('POST /api/contact invalid topic').body.error
      .fields;
    await waitFor(() => expect(topic()).toHaveAccessibleDescription(expect.stringContaining(fields.topic)));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends with the bot check and shows the ticket, then lets the guest write again', async () => {
    const api = await mountReady({
      'POST /contact': real('POST /api/contact'),
      'GET /locations': real('GET /api/locations Dayton'),
    });
    const user = setupUser();
    await fillIn(user);
    const where = screen.getByRole('combobox', { name: /^Which restaurant is it about\?/ });
    await user.type(where, 'Dayton');
    const list = await screen.findByRole('listbox', { name: 'Restaurants' });
    expect(api.to('GET /locations')[0].url.searchParams.get('q')).toBe('Dayton');
    expect(where).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    const first = within(list).getAllByRole('option')[0];
    expect(where).toHaveAttribute('aria-activedescendant', first.id);
    await user.keyboard('{Enter}');
    expect(where).toHaveValue('Henhouse Dayton');
    expect(where).toHaveAttribute('aria-expanded', 'false');

    await user.click(send());
    const done = await screen.findByRole('heading', { name: 'Message sent' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByText('HH-300115-000001')).toBeInTheDocument();
    expect(botCheck).toHaveBeenCalledWith('contact');
    expect(api.to('POST /contact')[0]).toMatchObject({
      body: {
        name: 'Ada',
        email: 'ada@example.com',
        topic: 'feedback',
        location_id: 'oh-dayton',
        message: 'Great biscuits.',
      },
      headers: { 'X-Bot-Check': 'bot-token' },
    });

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    await waitFor(() => expect(topic()).toHaveFocus());
    expect(field('Name')).toHaveValue('Ada');
    expect(field('Message')).toHaveValue('');
  });

  it('explains a rate limit and keeps what the guest typed when the network fails', async () => {
    const api = await mountReady({
      'POST /contact': [
        real('POST /api/contact rate_limited'),
        () => {
          throw new TypeError('Failed to fetch');
        },
      ],
    });
    const user = setupUser();
    await fillIn(user);
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Too many messages from this email address\. Please wait \d+ minutes? and try again\.$/,
    );
    await user.click(send());
    // The alert is emptied, then says the new words: wait for them.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/We could not reach Henhouse/));
    expect(field('Message')).toHaveValue('Great biscuits.');
    expect(field('Name')).toHaveValue('Ada');
    expect(api.to('POST /contact')).toHaveLength(2);
  });

  it('says when the bot check could not run', async () => {
    botCheck.mockRejectedValue(new Error('Failed to load script'));
    await mountReady();
    const user = setupUser();
    await fillIn(user);
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(/not a robot.*\(Failed to load script\)/);
  });
});
