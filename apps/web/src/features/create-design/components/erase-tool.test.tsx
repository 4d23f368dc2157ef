import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EraseInputBody } from '@dwellscape/shared';
import { describe, expect, it, vi } from 'vitest';
import { EraseTool } from './erase-tool';

const sofa = {
  id: 'piece-1',
  polygon: [
    { x: 0.2, y: 0.5 },
    { x: 0.6, y: 0.5 },
    { x: 0.6, y: 0.8 },
    { x: 0.2, y: 0.8 },
  ],
  erased: false,
};
const stool = {
  id: 'piece-2',
  polygon: [
    { x: 0.7, y: 0.7 },
    { x: 0.8, y: 0.7 },
    { x: 0.8, y: 0.85 },
  ],
  erased: true,
};

function renderTool(onApply = vi.fn(async (_erase: EraseInputBody) => {})) {
  render(
    <EraseTool
      imageUrl="/media/render.webp"
      imageWidth={1600}
      imageHeight={1200}
      pieces={[sofa, stool]}
      onApply={onApply}
      onCancel={() => {}}
    />,
  );
  return onApply;
}

describe('EraseTool', () => {
  it('starts with the pieces the render erased chosen, and taps another to erase it', async () => {
    const user = userEvent.setup();
    const onApply = renderTool();
    expect(screen.getByRole('button', { name: 'Piece 2 of the room' })).toHaveAttribute('aria-pressed', 'true');
    const first = screen.getByRole('button', { name: 'Piece 1 of the room' });
    expect(first).toHaveAttribute('aria-pressed', 'false');
    await user.click(first);
    expect(first).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({
      strokes: [],
      pieces: [
        { id: 'piece-1', polygon: sofa.polygon },
        { id: 'piece-2', polygon: stool.polygon },
      ],
    });
  });

  it('paints with the keyboard at the chosen size, and Undo takes the stroke back', async () => {
    const user = userEvent.setup();
    const onApply = renderTool();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Brush' }));
    fireEvent.input(screen.getByRole('slider', { name: /Brush size/ }), { target: { value: '10' } });
    const canvas = screen.getByRole('application', { name: /Erase brush/ });
    canvas.focus();
    await user.keyboard('{ArrowLeft}{ }{Shift>}{ArrowDown}{/Shift}');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    canvas.focus();
    await user.keyboard('{ }');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({
      strokes: [{ size: 0.1, points: [{ x: 0.48, y: 0.52 }] }],
      pieces: [{ id: 'piece-2', polygon: stool.polygon }],
    });
  });

  it('paints with a finger along its path', async () => {
    // jsdom has no PointerEvent: a mouse event with a pointer id stands in for it
    if (!('PointerEvent' in window)) {
      class TestPointerEvent extends MouseEvent {
        readonly pointerId: number;
        constructor(type: string, init: PointerEventInit = {}) {
          super(type, init);
          this.pointerId = init.pointerId ?? 1;
        }
      }
      vi.stubGlobal('PointerEvent', TestPointerEvent);
    }
    const onApply = renderTool();
    fireEvent.click(screen.getByRole('button', { name: 'Brush' }));
    const canvas = screen.getByRole('application', { name: /Erase brush/ });
    vi.spyOn(canvas.parentElement!, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 400, 300));
    fireEvent.pointerDown(canvas, { clientX: 100, clientY: 150, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 200, clientY: 150, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(onApply).toHaveBeenCalled());
    expect(onApply.mock.calls[0]![0].strokes).toEqual([
      {
        size: 0.05,
        points: [
          { x: 0.25, y: 0.5 },
          { x: 0.5, y: 0.5 },
        ],
      },
    ]);
  });

  it('says so when the erase fails, and can be applied again', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn(async (_erase: EraseInputBody) => {
      throw new Error('400');
    });
    renderTool(onApply);
    await user.click(screen.getByRole('button', { name: 'Piece 1 of the room' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The erase could not be applied. Please try again.');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
  });
});
