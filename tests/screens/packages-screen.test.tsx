import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paymentEndpoints } from '../../contract/payments.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { routeOf } from '../support/fake-server.ts';
import { renderApp } from '../setup/render.tsx';

// Issue 37, item 10: an administrator types a package's price in riyals (49.99), the server
// still gets halalas (4999); with no package yet the list says to create one.

const wait = { timeout: 15_000 };

describe('credit packages screen', { timeout: 30_000 }, () => {
  it('takes the price in the main unit and sends the minor unit; empty, it says to create one', async () => {
    const { user, server } = renderApp({
      language: 'en',
      signedInAs: 'admin',
      route: paths.dashboard.financial.packages,
      routes: {
        [routeOf(paymentEndpoints.listPackages)]: () => ({ status: 200, data: { count: 0, results: [] } }),
        [routeOf(paymentEndpoints.createPackage)]: () => ({ status: 400, data: { statusCode: 400 } }),
      },
    });
    expect(await screen.findByText(/No package yet/, {}, wait)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a package' }));
    expect(screen.getByLabelText('Name in Arabic', { exact: false })).toHaveFocus();
    await user.keyboard('باقة');
    await user.type(screen.getByLabelText('Name in English', { exact: false }), 'Starter');
    const price = screen.getByLabelText('Price in SAR (e.g. 49.99)');
    expect(price).toHaveValue('10');
    await user.clear(price);
    await user.type(price, '49.99');
    await user.click(screen.getByRole('button', { name: 'Add package' }));
    await waitFor(() => expect(server.seen(routeOf(paymentEndpoints.createPackage))).toHaveLength(1));
    expect(server.seen(routeOf(paymentEndpoints.createPackage))[0]!.body).toMatchObject({ price: 4999 });
  });
});
