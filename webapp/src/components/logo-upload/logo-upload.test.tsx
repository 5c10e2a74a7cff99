import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LogoImage, LogoUpload } from '@/components/logo-upload/logo-upload';
import { checkLogoFile, LOGO_TOO_BIG, logoSrc, NOT_PNG, pngHeaderSize, toBase64 } from '@/components/logo-upload/png';
import { pngBytes, pngFile } from '@/test/png';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('png checks', () => {
  it('reads the size from the header of a PNG and nothing from other files', () => {
    expect(pngHeaderSize(pngBytes(256, 100))).toEqual({ width: 256, height: 100 });
    expect(pngHeaderSize(new TextEncoder().encode('GIF89a................................'))).toBeNull();
    expect(pngHeaderSize(pngBytes(10, 10).subarray(0, 20))).toBeNull();
  });

  it('encodes base64 and shows bare base64 and data URLs alike', () => {
    expect(toBase64(new TextEncoder().encode('polo'))).toBe('cG9sbw==');
    expect(logoSrc('cG9sbw==')).toBe('data:image/png;base64,cG9sbw==');
    expect(logoSrc('data:image/png;base64,cG9sbw==')).toBe('data:image/png;base64,cG9sbw==');
  });

  it('accepts 256×256 and refuses a larger side or another format', async () => {
    await expect(checkLogoFile(pngFile(256, 256))).resolves.toEqual({ ok: true, base64: toBase64(pngBytes(256, 256)) });
    await expect(checkLogoFile(pngFile(257, 10))).resolves.toEqual({ ok: false, message: LOGO_TOO_BIG });
    await expect(checkLogoFile(pngFile(10, 300))).resolves.toEqual({ ok: false, message: LOGO_TOO_BIG });
    const gif = new File(['GIF89a..............................'], 'logo.png', { type: 'image/png' });
    await expect(checkLogoFile(gif)).resolves.toEqual({ ok: false, message: NOT_PNG });
  });

  it("trusts the browser's decoding where there is one", async () => {
    const close = vi.fn();
    // A header claiming 10×10 that decodes to 300×300 is too big; one that does not decode is refused.
    vi.stubGlobal('createImageBitmap', vi.fn().mockResolvedValueOnce({ width: 300, height: 300, close }));
    await expect(checkLogoFile(pngFile(10, 10))).resolves.toEqual({ ok: false, message: LOGO_TOO_BIG });
    expect(close).toHaveBeenCalled();
    vi.stubGlobal('createImageBitmap', vi.fn().mockRejectedValueOnce(new Error('broken')));
    await expect(checkLogoFile(pngFile(10, 10))).resolves.toEqual({ ok: false, message: NOT_PNG });
  });
});

function Harness({ initial = null, error }: { initial?: string | null; error?: string }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <LogoUpload value={value} onChange={setValue} error={error} />
      <output data-testid="value">{value ?? 'none'}</output>
    </>
  );
}

const fileInput = () => document.getElementById('logo') as HTMLInputElement;

describe('LogoUpload', () => {
  it('takes a small PNG, previews it 55 high and removes it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(fileInput()).toHaveAttribute('accept', 'image/png');
    expect(screen.queryByRole('button', { name: 'Remove logo' })).toBeNull();

    await user.upload(fileInput(), pngFile(64, 64));
    const base64 = toBase64(pngBytes(64, 64));
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent(base64));
    const preview = screen.getByRole('img', { name: 'Logo preview' });
    expect(preview).toHaveAttribute('height', '55');
    expect(preview).toHaveAttribute('src', `data:image/png;base64,${base64}`);

    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(screen.getByTestId('value')).toHaveTextContent('none');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('refuses a PNG larger than 256×256 and keeps the logo it had', async () => {
    const user = userEvent.setup();
    render(<Harness initial="b2xk" />);
    await user.upload(fileInput(), pngFile(512, 512));
    expect(await screen.findByText(LOGO_TOO_BIG)).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('b2xk');

    // A good file afterwards clears the message.
    await user.upload(fileInput(), pngFile(16, 16));
    await waitFor(() => expect(screen.queryByText(LOGO_TOO_BIG)).toBeNull());
    expect(screen.getByTestId('value')).toHaveTextContent(toBase64(pngBytes(16, 16)));
  });

  it('refuses a file that is not a PNG, whatever its name says', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    await user.upload(fileInput(), new File(['\xff\xd8\xff\xe0 jpeg bytes .....................'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText(NOT_PNG)).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('none');
  });

  it("shows the form's message when there is no file message", () => {
    render(<Harness error="Server says no." />);
    expect(screen.getByText('Server says no.')).toBeInTheDocument();
  });

  it('shows a stored logo read-only, or nothing', () => {
    const { rerender } = render(<LogoImage value="b2xk" alt="VK Partizan logo" />);
    expect(screen.getByRole('img', { name: 'VK Partizan logo' })).toHaveAttribute('height', '55');
    rerender(<LogoImage value={null} alt="VK Partizan logo" />);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
