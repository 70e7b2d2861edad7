import { screen, waitFor, within } from '@testing-library/react';
import { executeBotCheck } from '@henhouse/kit/botcheck/botcheck';
import { louisville } from '@henhouse/kit/locations/test/fixtures';
import { useAppStore } from '@henhouse/kit/state/store';
import { apiError, mockApi, mount, resetStore, setupUser, storeWith } from '@henhouse/kit/test/harness';
import { real, token } from '../test/recorded';
import SignUp from './SignUp';

jest.mock('@henhouse/kit/botcheck/botcheck', () => ({
  ...jest.requireActual('@henhouse/kit/botcheck/botcheck'),
  executeBotCheck: jest.fn(),
}));
const botCheck = executeBotCheck as jest.MockedFunction<typeof executeBotCheck>;

// Two whole locations as the edge answers a search (hours, phone, services, distance).
const dayton = louisville({
  id: 'oh-dayton',
  name: 'Henhouse Dayton',
  address: { street: '1 Main St', city: 'Dayton', state: 'OH', zip: '45402' },
  phone: '(937) 555-0100',
  time_zone: 'America/New_York',
  distance_miles: 1.24,
});
const kettering = louisville({
  id: 'oh-kettering',
  name: 'Henhouse Kettering',
  address: { street: '9 Far Hills Ave', city: 'Kettering', state: 'OH', zip: '45429' },
  phone: '(937) 555-0199',
  time_zone: 'America/New_York',
  distance_miles: 5,
});

beforeEach(() => {
  resetStore();
  botCheck.mockReset();
  botCheck.mockResolvedValue('bot-token');
});

async function fillDetails(user: ReturnType<typeof setupUser>) {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Phone number'), '(513) 555-0100');
  await user.type(screen.getByLabelText('Password'), 'chicken123');
}

async function chooseDayton(user: ReturnType<typeof setupUser>) {
  await user.type(screen.getByLabelText('City, state or ZIP code'), 'Dayton, OH{Enter}');
  const results = await screen.findByRole('list', { name: 'Locations found' });
  expect(screen.getByText(/locations? found near Dayton, OH\./)).toBeVisible();
  expect(document.getElementById('hh-live-polite')).toHaveTextContent(/locations? found near Dayton, OH\./);
  await user.click(within(results).getByRole('button', { name: 'Choose Henhouse Dayton' }));
}

describe('sign up (/account/signup)', () => {
  it('lists what is missing, next to each field, and focuses the first', async () => {
    const api = mockApi({});
    mount(SignUp, '/account/signup');
    const user = setupUser();
    await user.type(screen.getByLabelText('Phone number'), '555');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter your first name')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter your last name')).toBeInTheDocument();
    expect(screen.getByText('Enter your email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(/Enter a 10-digit phone number/);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Your password needs: at least 8 characters/);
    expect(screen.getByText('Choose your favorite location')).toBeInTheDocument();
    expect(screen.queryByText('Enter your birthday as a date')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('lists the password requirements and ticks them off', async () => {
    mockApi({});
    mount(SignUp, '/account/signup');
    const user = setupUser();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toHaveAccessibleDescription(/At least 8 characters.*At least one letter.*At least one number/);
    await user.type(password, 'abc1');
    expect(screen.getByText('At least one number')).toHaveClass('hh-form-rules__ok');
    expect(screen.getByText('At least 8 characters')).not.toHaveClass('hh-form-rules__ok');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('creates the account with the chosen location and signs the member in', async () => {
    const api = mockApi({
      'GET /locations': { body: { locations: [dayton, kettering] } },
      'POST /auth/signup': real('POST /api/auth/signup'),
    });
    mount(SignUp, '/account/signup');
    const user = setupUser();
    await fillDetails(user);
    await user.type(screen.getByLabelText(/Birthday/), '1990-12-10');
    await chooseDayton(user);
    expect(api.to('GET /locations')[0].url.search).toBe('?q=Dayton%2C%20OH&limit=10');
    // The card shows the choice, with "Change", which now has focus.
    const change = screen.getByRole('button', { name: 'Change favorite location' });
    expect(change).toHaveFocus();
    expect(screen.getByText('Henhouse Dayton')).toBeInTheDocument();
    expect(screen.getByText('1 Main St, Dayton, OH 45402')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Email me offers and news from Henhouse'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/account$/));
    const [call] = api.to('POST /auth/signup');
    expect(call.headers['X-Bot-Check']).toBe('bot-token');
    expect(botCheck).toHaveBeenCalledWith('signup');
    expect(call.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '5135550100',
      password: 'chicken123',
      favorite_location_id: 'oh-dayton',
      birthday: '1990-12-10',
      marketing_opt_in: true,
    });
    expect(useAppStore.getState()).toMatchObject({
      user: { email: 'ada@example.com', confirmed: false },
      members: { points: 100 },
      token,
    });
  });

  it('shows each result and the choice on the site’s location card, without services', async () => {
    mockApi({ 'GET /locations': { body: { locations: [dayton, kettering] } } });
    mount(SignUp, '/account/signup');
    const user = setupUser();
    await user.type(screen.getByLabelText('City, state or ZIP code'), 'Dayton, OH{Enter}');
    const results = await screen.findByRole('list', { name: 'Locations found' });
    const [first, second] = within(results).getAllByRole('listitem');
    expect(first).toHaveTextContent(
      /^Henhouse Dayton1 Main St, Dayton, OH 45402\(937\) 555-0100 • (Open|Closed) now • .+ • 1\.2 miChoose Henhouse Dayton$/,
    );
    expect(second).toHaveTextContent(/• 5\.0 miChoose Henhouse Kettering$/);
    expect(within(first).getByRole('link', { name: '(937) 555-0100' })).toHaveAttribute('href', 'tel:+19375550100');
    expect(results).not.toHaveTextContent(/Pickup|Delivery/);
    results.querySelectorAll('.hh-loc-card__sep').forEach((sep) => expect(sep).toHaveAttribute('aria-hidden', 'true'));

    await user.click(within(first).getByRole('button', { name: 'Choose Henhouse Dayton' }));
    const change = screen.getByRole('button', { name: 'Change favorite location' });
    const card = change.closest('.hh-loc-card')!;
    expect(card).toHaveTextContent(/^Henhouse Dayton1 Main St, Dayton, OH 45402\(937\) 555-0100 • (Open|Closed) now/);
    expect(card).not.toHaveTextContent('mi •');
    expect(card).not.toHaveTextContent(/Pickup|Delivery/);
  });

  it('starts from the location the guest already chose, and can change it', async () => {
    storeWith({ location: dayton });
    const api = mockApi({
      'GET /locations': { body: { locations: [dayton, kettering] } },
      'POST /auth/signup': real('POST /api/auth/signup'),
    });
    mount(SignUp, '/account/signup');
    const user = setupUser();
    expect(screen.getByText('Henhouse Dayton')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change favorite location' }));
    expect(screen.getByLabelText('City, state or ZIP code')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Show all locations' }));
    await user.click(await screen.findByRole('button', { name: 'Choose Henhouse Kettering' }));
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(api.to('POST /auth/signup')).toHaveLength(1));
    expect(api.to('POST /auth/signup')[0].body).toMatchObject({
      favorite_location_id: 'oh-kettering',
      marketing_opt_in: false,
    });
    expect(api.to('POST /auth/signup')[0].body).not.toHaveProperty('birthday');
  });

  it('says when a search finds nothing it can place', async () => {
    mockApi({
      'GET /locations': apiError(
        400,
        'address_not_found',
        "We couldn't find that place. Try a city and state, or a ZIP code.",
      ),
    });
    mount(SignUp, '/account/signup');
    const user = setupUser();
    await user.type(screen.getByLabelText('City, state or ZIP code'), 'Nowhere{Enter}');
    expect(
      await screen.findByText("We couldn't find that place. Try a city and state, or a ZIP code."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('City, state or ZIP code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the edge’s field messages, such as an email already in use', async () => {
    mockApi({
      'GET /locations': { body: { locations: [dayton] } },
      'POST /auth/signup': real('POST /api/auth/signup email_taken'),
    });
    mount(SignUp, '/account/signup');
    const user = setupUser();
    await fillDetails(user);
    await chooseDayton(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('An account with this email already exists. Sign in instead.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(useAppStore.getState().user).toBeNull();
  });

  it('explains a rate limit in a form alert', async () => {
    mockApi({
      'GET /locations': { body: { locations: [dayton] } },
      'POST /auth/signup': apiError(429, 'rate_limited', 'Too many tries. Please wait 5 minutes and try again.'),
    });
    mount(SignUp, '/account/signup');
    const user = setupUser();
    await fillDetails(user);
    await chooseDayton(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries. Please wait 5 minutes and try again.');
  });

  it('refuses a birthday in the future', async () => {
    mockApi({});
    mount(SignUp, '/account/signup');
    const user = setupUser();
    await user.type(screen.getByLabelText(/Birthday/), '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText("Your birthday can't be in the future")).toBeInTheDocument();
  });
});
