import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionStatus } from '@/components/session-status/session-status';

describe('SessionStatus', () => {
  it('shows the connection, and the writes waiting or refused only when there are some', () => {
    const { rerender } = render(<SessionStatus connection="online" waiting={0} refused={0} savedAt={null} />);
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(screen.queryByText(/waiting|refused|Copy from/)).toBeNull();
    rerender(<SessionStatus connection="offline" waiting={3} refused={1} savedAt="2026-11-26T16:42:00Z" />);
    expect(screen.getByText('Offline').closest('[title]')).toHaveAttribute('title', expect.stringContaining('sent, in order, when the connection returns'));
    expect(screen.getByText('3 waiting to be sent')).toBeInTheDocument();
    expect(screen.getByText('1 refused')).toBeInTheDocument();
    const copy = screen.getByText(/^Copy from \d\d\.\d\d\.2026\. \d\d:\d\d$/);
    expect(copy.closest('[title]')).toHaveAttribute('title', expect.stringContaining('could not be reached'));
  });
});
