import { usStates, validateAddress, validateVehicle } from './rules';

const ok = { street: '9838 Madison Ave', city: 'Louisville', state: 'KY', zip: '40202' };

describe('validateAddress', () => {
  it('accepts a whole address, with or without a unit, ZIP or ZIP+4', () => {
    expect(validateAddress(ok)).toEqual({});
    expect(validateAddress({ ...ok, unit: 'Apt 2', zip: '40202-1234', notes: 'Ring twice' })).toEqual({});
  });

  it('asks for each required part with the edge’s words and keys', () => {
    expect(validateAddress({})).toEqual({
      'address.street': 'Enter a street address',
      'address.city': 'Enter a city',
      'address.state': 'Enter a state',
      'address.zip': 'Enter a ZIP code',
    });
    expect(validateAddress({ ...ok, street: '   ' })).toEqual({ 'address.street': 'Enter a street address' });
  });

  it('holds each part to the edge’s length, counting characters as the edge does', () => {
    const long = (n: number) => 'x'.repeat(n);
    expect(validateAddress({ ...ok, street: long(100) })).toEqual({});
    expect(
      validateAddress({
        street: long(101),
        unit: long(31),
        city: long(51),
        state: 'KYY',
        zip: '40202',
        notes: long(201),
      }),
    ).toEqual({
      'address.street': 'A street address can be at most 100 characters',
      'address.unit': 'The apartment or suite can be at most 30 characters',
      'address.city': 'A city can be at most 50 characters',
      'address.state': 'A state can be at most 2 characters',
      delivery_notes: 'Delivery notes can be at most 200 characters',
    });
    // 200 emoji are 200 characters, not 400 UTF-16 units.
    expect(validateAddress({ ...ok, notes: '🐔'.repeat(200) })).toEqual({});
  });

  it('wants a 5-digit ZIP code', () => {
    for (const zip of ['4020', '402021', 'ABCDE', '40202-12', '40202 1234', '12345678901'])
      expect(validateAddress({ ...ok, zip })).toEqual({ 'address.zip': 'Enter a 5-digit ZIP code' });
  });
});

describe('validateVehicle', () => {
  it('asks for make, model and colour', () => {
    expect(validateVehicle({ make: 'Honda', model: 'Civic', color: 'Blue' })).toEqual({});
    expect(validateVehicle({ make: ' ' })).toEqual({
      'vehicle.make': 'Enter the make of your car',
      'vehicle.model': 'Enter the model of your car',
      'vehicle.color': 'Enter the color of your car',
    });
  });

  it('holds them to 30, 30 and 20 characters', () => {
    expect(validateVehicle({ make: 'm'.repeat(30), model: 'm'.repeat(30), color: 'c'.repeat(20) })).toEqual({});
    expect(validateVehicle({ make: 'm'.repeat(31), model: 'm'.repeat(31), color: 'c'.repeat(21) })).toEqual({
      'vehicle.make': 'The make of your car can be at most 30 characters',
      'vehicle.model': 'The model of your car can be at most 30 characters',
      'vehicle.color': 'The color of your car can be at most 20 characters',
    });
  });
});

test('usStates lists the 50 states and DC by two-letter code', () => {
  expect(usStates).toHaveLength(51);
  expect(usStates.every(([code]) => /^[A-Z]{2}$/.test(code))).toBe(true);
  expect(new Set(usStates.map(([c]) => c)).size).toBe(51);
});
