import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { followLinkClick } from './follow-link';

function Where() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}${location.hash}`}</p>;
}

function Links({ onOwnClick }: { onOwnClick?: (event: React.MouseEvent) => void }) {
  const navigate = useNavigate();
  return (
    <div onClick={(event) => followLinkClick(event, navigate)}>
      <a href="/post/d1?tab=x#remixes">
        <span>Post</span>
      </a>
      <a href="/profile/u1" onClick={onOwnClick}>
        Profile
      </a>
      <a href="https://elsewhere.example/page">Elsewhere</a>
      <a href="/media/file.webp" download>
        Download
      </a>
      <a href="/post/d2" target="_blank">
        New tab
      </a>
      <Where />
    </div>
  );
}

function renderLinks(props: { onOwnClick?: (event: React.MouseEvent) => void } = {}) {
  render(
    <MemoryRouter>
      <Routes>
        <Route path="*" element={<Links {...props} />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Whether the click was left to the browser: its default action not prevented by the time it reaches the window. */
function clickLeftToBrowser(name: string, init: MouseEventInit = {}): boolean {
  let leftToBrowser = false;
  // last in the click's path: notes the listener's decision, then keeps jsdom (which cannot navigate) from trying
  const note = (event: Event) => {
    leftToBrowser = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', note, { once: true });
  screen
    .getByRole('link', { name })
    .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  return leftToBrowser;
}

describe('followLinkClick', () => {
  it('follows a plain click on a link to this app in the router, with its query and hash, from inside the link too', async () => {
    renderLinks();
    await userEvent.click(screen.getByText('Post'));
    expect(screen.getByText('at /post/d1?tab=x#remixes')).toBeInTheDocument();
  });

  it('leaves modifier clicks, other origins, downloads and new-tab links to the browser', () => {
    renderLinks();
    for (const init of [{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      expect(clickLeftToBrowser('Post', init)).toBe(true);
    }
    expect(clickLeftToBrowser('Elsewhere')).toBe(true);
    expect(clickLeftToBrowser('Download')).toBe(true);
    expect(clickLeftToBrowser('New tab')).toBe(true);
    expect(screen.getByText('at /')).toBeInTheDocument();
  });

  it("leaves alone a click the link's own handler has taken", async () => {
    const onOwnClick = vi.fn((event: React.MouseEvent) => event.preventDefault());
    renderLinks({ onOwnClick });
    await userEvent.click(screen.getByRole('link', { name: 'Profile' }));
    expect(onOwnClick).toHaveBeenCalledOnce();
    expect(screen.getByText('at /')).toBeInTheDocument();
  });
});
