import { ADD_TO_CART_DELAY_MS } from '@dwellscape/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toastAddedToCart } from '@/components/cart/added-to-cart-toast';
import { addToCart, type CartItem } from '@/lib/cart';

/** 'Add to Cart' as the product popup does it (docs/product.md §4): an 800 ms wait, the cart, then 'Added to Cart!' offering to view it. */
export function useAddToCartAfterDelay(): {
  add: (item: CartItem, quantity?: number) => Promise<void>;
  isAdding: boolean;
} {
  const [isAdding, setIsAdding] = useState(false);
  const navigate = useNavigate();
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const add = useCallback(
    async (item: CartItem, quantity = 1) => {
      setIsAdding(true);
      await new Promise<void>((resolve) => setTimeout(resolve, ADD_TO_CART_DELAY_MS));
      // leaving the screen during the wait still adds the item
      addToCart(item, quantity);
      toastAddedToCart(quantity, item.name, (href) => void navigate(href));
      if (isMounted.current) setIsAdding(false);
    },
    [navigate],
  );

  return { add, isAdding };
}
