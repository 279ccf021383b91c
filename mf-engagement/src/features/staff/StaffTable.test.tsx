import { render, screen } from '@testing-library/react';
import { STAFF_LIST_LIMIT } from '@party/shared-contracts';
import { StaffTable } from './StaffTable';

const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ email: `reader${index}@example.org` }));
const table = (count: number) => (
  <StaffTable
    caption="Subscribers"
    rows={rows(count)}
    rowKey={(row) => row.email}
    empty="Nobody yet."
    cutNote="Only the first ones are shown."
    columns={[{ label: 'Email', cell: (row) => row.email }]}
  />
);

describe('a staff table', () => {
  it('says the list was cut only when the gateway sent a full list', () => {
    const { rerender } = render(table(STAFF_LIST_LIMIT - 1));
    expect(screen.getAllByRole('row')).toHaveLength(STAFF_LIST_LIMIT);
    expect(screen.queryByText('Only the first ones are shown.')).not.toBeInTheDocument();
    rerender(table(STAFF_LIST_LIMIT));
    expect(screen.getByText('Only the first ones are shown.')).toBeInTheDocument();
  });

  it('says when there is nothing to list', () => {
    render(table(0));
    expect(screen.getByText('Nobody yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
