import { render } from '@testing-library/react';
import { addressParts, Addresses } from '../../src/components/addresses.tsx';

describe('addresses in the capture mailbox', () => {
  it('splits names and addresses as mailparser writes them', () => {
    expect(addressParts('سارة 49 <r49@tour.test>')).toEqual([{ name: 'سارة 49', address: 'r49@tour.test' }]);
    expect(addressParts('"Acme, Inc." <news@acme.test>, bob@example.test')).toEqual([
      { name: 'Acme, Inc.', address: 'news@acme.test' },
      { name: '', address: 'bob@example.test' },
    ]);
    expect(addressParts('"Say \\"hi\\"" <hi@example.test>')).toEqual([
      { name: 'Say "hi"', address: 'hi@example.test' },
    ]);
  });

  it('leaves what is not a plain address list to be shown as it is', () => {
    expect(addressParts('undisclosed-recipients:;')).toBeNull();
    expect(addressParts('')).toBeNull();
    expect(addressParts('Ali <not an address>')).toBeNull();
  });

  it('isolates each name in its own direction and each address left to right', () => {
    const { container } = render(<Addresses value={'"سارة، 49" <r49@tour.test>, b@example.test'} />);
    const isolated = [...container.querySelectorAll('bdi')].map((bdi) => [
      bdi.getAttribute('dir'),
      bdi.textContent,
    ]);
    expect(isolated).toEqual([
      [null, 'سارة، 49'],
      ['ltr', '<r49@tour.test>'],
      ['ltr', 'b@example.test'],
    ]);
    expect(container.textContent).toBe('سارة، 49 <r49@tour.test>, b@example.test');
  });

  it('shows an unparsed value whole, in its own direction', () => {
    const { container } = render(<Addresses value="undisclosed-recipients:;" />);
    expect(container.querySelector('span[dir="auto"]')?.textContent).toBe('undisclosed-recipients:;');
  });
});
