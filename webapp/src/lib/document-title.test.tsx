import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDocumentTitle } from './document-title';

function Page({ title }: { title: string | null }) {
  useDocumentTitle(title);
  return <p>{title ?? 'Loading'}</p>;
}

describe('useDocumentTitle', () => {
  it('names the tab in the same commit as the page, keeps it while loading, and gives it back on leaving', () => {
    document.title = 'PoloDesk';
    const page = render(<Page title={null} />);
    expect(document.title).toBe('PoloDesk');
    page.rerender(<Page title="Partizan 3:4 Zvezda · PoloDesk" />);
    expect(document.title).toBe('Partizan 3:4 Zvezda · PoloDesk');
    page.rerender(<Page title="Partizan 4:4 Zvezda · PoloDesk" />);
    expect(document.title).toBe('Partizan 4:4 Zvezda · PoloDesk');
    page.unmount();
    expect(document.title).toBe('PoloDesk');
  });
});
