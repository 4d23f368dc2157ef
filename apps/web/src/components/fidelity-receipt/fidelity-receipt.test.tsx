import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FidelityReceiptLine } from './fidelity-receipt';

const receipt = {
  structureKept: 0.962,
  productsPresent: 4,
  productsChosen: 4,
  method: 'placed',
  weakEstimate: false,
} as const;

describe('FidelityReceiptLine', () => {
  it('says how much of the room the render kept and how many products it shows', () => {
    render(<FidelityReceiptLine receipt={receipt} mode="interior" />);
    expect(screen.getByText('Room kept 96% · 4 of 4 products')).toBeInTheDocument();
    expect(screen.queryByText(/matching their pictures/)).not.toBeInTheDocument();
    expect(screen.queryByText(/found in this photo/)).not.toBeInTheDocument();
  });

  it('says how many pieces of the room the render erased', () => {
    const { unmount } = render(<FidelityReceiptLine receipt={{ ...receipt, erased: 2 }} mode="interior" />);
    expect(screen.getByText('2 pieces removed')).toBeInTheDocument();
    unmount();
    render(<FidelityReceiptLine receipt={{ ...receipt, erased: 1 }} mode="interior" />);
    expect(screen.getByText('1 piece removed')).toBeInTheDocument();
  });

  it('counts products the person removed apart from those left out', () => {
    const { unmount } = render(
      <FidelityReceiptLine receipt={{ ...receipt, productsChosen: 4, removedByYou: 1 }} mode="interior" />,
    );
    expect(screen.getByText('Room kept 96% · 4 of 4 products')).toBeInTheDocument();
    expect(screen.getByText('1 product removed by you')).toBeInTheDocument();
    unmount();
    render(<FidelityReceiptLine receipt={{ ...receipt, removedByYou: 2 }} mode="interior" />);
    expect(screen.getByText('2 products removed by you')).toBeInTheDocument();
    expect(screen.queryByText(/ of 4 products: /)).not.toBeInTheDocument();
  });

  it('says when the products were set in a row because the photo showed no floor or ground', () => {
    const { unmount } = render(<FidelityReceiptLine receipt={{ ...receipt, layout: 'fallback' }} mode="interior" />);
    expect(screen.getByText('No floor found in this photo: products set in a row')).toBeInTheDocument();
    unmount();
    render(<FidelityReceiptLine receipt={{ ...receipt, layout: 'fallback' }} mode="landscape" />);
    expect(screen.getByText('No ground found in this photo: products set in a row')).toBeInTheDocument();
  });

  it('says of an adjusted picture what the render it came from found, as its receipt keeps it', () => {
    const adjusted = { ...receipt, layout: 'adjusted' as const, onFloor: 2 };
    const { unmount } = render(
      <FidelityReceiptLine receipt={{ ...adjusted, renderedLayout: 'found' }} mode="landscape" />,
    );
    expect(screen.getByText('Ground found in your photo · 2 products stand on the ground')).toBeInTheDocument();
    unmount();
    // the receipt's own word wins over the step's memory of it
    render(
      <FidelityReceiptLine
        receipt={{ ...adjusted, renderedLayout: 'guessed' }}
        renderedLayout="found"
        mode="interior"
      />,
    );
    expect(screen.getByText('Layout guessed: adjust it · 2 products stand on the floor')).toBeInTheDocument();
  });

  it('says nothing more for a seeded, estimated or adjusted layout', () => {
    for (const layout of ['seeded', 'estimated', 'adjusted'] as const) {
      const { unmount } = render(<FidelityReceiptLine receipt={{ ...receipt, layout }} mode="interior" />);
      expect(screen.queryByText(/found in this photo/)).not.toBeInTheDocument();
      unmount();
    }
  });

  it("says how an uploaded photo's layout was found, how many products stand on its floor, and why any were left out", () => {
    const { unmount } = render(
      <FidelityReceiptLine
        receipt={{
          ...receipt,
          productsChosen: 5,
          layout: 'found',
          onFloor: 3,
          leftOut: ['no free floor for the sofa'],
        }}
        mode="interior"
      />,
    );
    // the count leads with why: one line, not a second one repeating the count
    expect(screen.getByText('4 of 5 products: no free floor for the sofa · Room kept 96%')).toBeInTheDocument();
    expect(screen.getByText('Floor found in your photo · 3 products stand on the floor')).toBeInTheDocument();
    expect(screen.getAllByText(/4 of 5 products/)).toHaveLength(1);
    unmount();
    render(<FidelityReceiptLine receipt={{ ...receipt, layout: 'guessed', onFloor: 1 }} mode="landscape" />);
    expect(screen.getByText('Layout guessed: adjust it · 1 product stands on the ground')).toBeInTheDocument();
    expect(screen.queryByText(/products:/)).not.toBeInTheDocument();
  });

  it('says the floor once: set by the person, not also found in the photo', () => {
    render(
      <FidelityReceiptLine
        receipt={{ ...receipt, layout: 'adjusted', renderedLayout: 'found', floorSetByYou: true, onFloor: 4 }}
        mode="interior"
      />,
    );
    expect(screen.getByText('Floor set by you · 4 products stand on the floor')).toBeInTheDocument();
    expect(screen.queryByText(/found in your photo/)).not.toBeInTheDocument();
  });

  it('counts the products the person placed by hand', () => {
    const { unmount } = render(
      <FidelityReceiptLine
        receipt={{ ...receipt, productsPresent: 5, productsChosen: 5, layout: 'adjusted', placedByYou: 1 }}
        mode="interior"
      />,
    );
    expect(screen.getByText('Room kept 96% · 5 of 5 products · 1 placed by you')).toBeInTheDocument();
    unmount();
    render(
      <FidelityReceiptLine
        receipt={{
          ...receipt,
          productsPresent: 2,
          productsChosen: 5,
          placedByYou: 1,
          leftOut: ['no free floor for the sofa'],
        }}
        mode="interior"
      />,
    );
    expect(
      screen.getByText('2 of 5 products (1 placed by you): no free floor for the sofa · Room kept 96%'),
    ).toBeInTheDocument();
  });

  it('speaks of the space outdoors and owns up to a guessed product count', () => {
    render(
      <FidelityReceiptLine
        receipt={{ ...receipt, structureKept: 0.7, productsPresent: 2, method: 'matched', weakEstimate: true }}
        mode="landscape"
      />,
    );
    expect(screen.getByText('2 of 4 products · Space kept 70%')).toBeInTheDocument();
    expect(screen.getByText('Products counted by matching their pictures')).toBeInTheDocument();
  });
});
