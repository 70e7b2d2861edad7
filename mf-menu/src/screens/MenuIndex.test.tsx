import { render, screen } from '@testing-library/react';
import { storeWith } from '@henhouse/kit/test/harness';
import { MemoryRouter, Route, Routes, useLocation } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';
import MenuIndex from './MenuIndex';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function visitMenu() {
  render(
    <MemoryRouter initialEntries={['/menu']}>
      <Routes>
        <Route path="/menu" element={<MenuIndex routeId="menu-index" params={{}} query={{}} layout="default" />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByTestId('where').textContent;
}

describe('/menu without an id (docs/routes.md)', () => {
  beforeEach(() => useAppStore.getState().reset(['location', 'cart']));

  it('goes to /locations when nothing is selected', () => {
    expect(visitMenu()).toBe('/locations');
  });
  it("goes to the selected location's menu", () => {
    storeWith({ location: { id: 'l1', name: 'Bardstown Rd', menu_id: 'm 1' } });
    expect(visitMenu()).toBe('/menu/m%201');
  });
  it("prefers the cart's menu", () => {
    storeWith({ location: { id: 'l1', name: 'A', menu_id: 'm1' }, cart: { menu_id: 'm2', products: [] } });
    expect(visitMenu()).toBe('/menu/m2');
  });
});
