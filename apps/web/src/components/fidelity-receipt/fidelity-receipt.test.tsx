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
  });

  it('speaks of the space outdoors and owns up to a guessed product count', () => {
    render(
      <FidelityReceiptLine
        receipt={{ ...receipt, structureKept: 0.7, productsPresent: 2, method: 'matched', weakEstimate: true }}
        mode="landscape"
      />,
    );
    expect(screen.getByText('Space kept 70% · 2 of 4 products')).toBeInTheDocument();
    expect(screen.getByText('Products counted by matching their pictures')).toBeInTheDocument();
  });
});
