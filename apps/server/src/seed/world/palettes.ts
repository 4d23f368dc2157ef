import type { RoomPalette } from '../illustrations/scenes/interior';
import type { YardPalette } from '../illustrations/scenes/landscape';

/** Room colour schemes, one per interior vibe answer (quiz 'interior-vibe'). */
export const ROOM_PALETTES: Record<string, RoomPalette> = {
  'Modern Minimalist': {
    wall: '#eceae6', trim: '#f8f7f4', ceiling: '#f6f5f2', floor: '#d2b48c', floorKind: 'wood',
    textile: '#dcd8d0', textile2: '#9aa3a6', wood: '#b08a62', metal: '#2e2e2e', accent: '#3d4a52', green: '#4f7f4a', light: 1,
  },
  'Warm & Cozy': {
    wall: '#eadccb', trim: '#f6efe4', ceiling: '#f4ede2', floor: '#8a5e3f', floorKind: 'wood',
    textile: '#c98b5e', textile2: '#e6d3b8', wood: '#7a5238', metal: '#b58a3c', accent: '#b5523b', green: '#55804a', light: 0.85,
  },
  Scandinavian: {
    wall: '#f1efea', trim: '#fbfaf7', ceiling: '#f8f7f3', floor: '#dcc7a6', floorKind: 'wood',
    textile: '#e4dfd6', textile2: '#a9b8b0', wood: '#c9a27a', metal: '#2a2a2a', accent: '#7d9a8c', green: '#5b8a55', light: 1,
  },
  Bohemian: {
    wall: '#ecd9c3', trim: '#f7efe4', ceiling: '#f5ede2', floor: '#b98b5e', floorKind: 'wood',
    textile: '#d9825b', textile2: '#e8b44c', wood: '#9a6a43', metal: '#b58a3c', accent: '#c96f4a', green: '#4f7f4a', light: 0.95,
  },
  Industrial: {
    wall: '#cfcbc4', trim: '#e9e6e0', ceiling: '#dedad3', floor: '#a9a39a', floorKind: 'concrete',
    textile: '#6b6f72', textile2: '#b06a3a', wood: '#6e4a33', metal: '#222222', accent: '#2f3b3a', green: '#4f7f4a', light: 0.8,
  },
  Coastal: {
    wall: '#e7eef0', trim: '#fafcfc', ceiling: '#f6f9f9', floor: '#d8cbb8', floorKind: 'wood',
    textile: '#f1ede4', textile2: '#7fa6c2', wood: '#c8ab88', metal: '#b8b2a6', accent: '#4f7ea3', green: '#5e8c5a', light: 1,
  },
};

/** Yard colour schemes, one per landscape aesthetic answer (quiz 'landscape-aesthetic'). */
export const YARD_PALETTES: Record<string, YardPalette> = {
  Modern: {
    sky: '#8ec3e6', lawn: '#7fa65a', paving: '#b9b6ae', wood: '#8a5e3f', wall: '#e6e3dd', trim: '#f7f6f3', foliage: '#4f7f4a',
    flowers: ['#ffffff', '#c9d6df', '#9db7e0'], textile: '#e9e6e0', accent: '#3b3f42', metal: '#2e3236', sun: 0.9,
  },
  Mediterranean: {
    sky: '#7fbde6', lawn: '#8fa860', paving: '#d7b48e', wood: '#a8774f', wall: '#f1e4cf', trim: '#fbf6ee', foliage: '#6f8f5a',
    flowers: ['#e76f9a', '#f4a261', '#ffffff', '#c77dff'], textile: '#f1ebdf', accent: '#c56a43', metal: '#3a3530', sun: 1,
  },
  'Cottage Garden': {
    sky: '#9ccbe8', lawn: '#7aa858', paving: '#cfc6b4', wood: '#b07a4f', wall: '#efe7da', trim: '#fbf8f2', foliage: '#5e8c4f',
    flowers: ['#e76f51', '#f4a261', '#e9c46a', '#c77dff', '#ffffff', '#ff8fab'], textile: '#f3ede2', accent: '#c56a43', metal: '#3b3f42', sun: 1,
  },
  'Japanese Zen': {
    sky: '#a9cfe6', lawn: '#7f9f5e', paving: '#c4c1b8', wood: '#6e4a33', wall: '#ece6da', trim: '#f6f2ea', foliage: '#4e7a43',
    flowers: ['#ffffff', '#f2b5c4'], textile: '#e3ddd0', accent: '#2f3437', metal: '#2b2b2b', sun: 0.8,
  },
  Tropical: {
    sky: '#6fb8e8', lawn: '#6fa552', paving: '#dcd2bf', wood: '#a06a42', wall: '#f4eee4', trim: '#ffffff', foliage: '#3f7f48',
    flowers: ['#ff6f61', '#ffb347', '#ff8fab', '#ffd166'], textile: '#f4f0e6', accent: '#2f6b58', metal: '#3b3f42', sun: 1,
  },
  'Desert / Xeriscape': {
    sky: '#8fc6ea', lawn: '#b3a870', paving: '#d9c3a0', wood: '#9a6a43', wall: '#ead7bd', trim: '#f8efe2', foliage: '#7d9a6a',
    flowers: ['#e9c46a', '#f4a261', '#e76f51'], textile: '#ede4d3', accent: '#b5523b', metal: '#3a3530', sun: 1,
  },
};

export const DEFAULT_ROOM_PALETTE = ROOM_PALETTES['Scandinavian']!;
export const DEFAULT_YARD_PALETTE = YARD_PALETTES['Cottage Garden']!;
