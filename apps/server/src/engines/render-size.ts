/**
 * How wide a stored render is at most, from either engine: the sample designs' width (1600 × 1200). A phone at
 * DPR 3 (a 358 px slot is 1,074 device px) then takes the 1280 px variant rather than the whole render, and a wide
 * screen still gets a sharp picture (decision 0010).
 */
export const RENDER_WIDTH = 1600;
