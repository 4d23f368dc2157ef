import { avatarSvg, type AvatarLook, type HairStyle } from './avatars';
import { createRng } from './prng';

const SKINS = ['#f5d6c0', '#f3d2b8', '#f1c9a5', '#eccaa8', '#c68a62', '#8d5a3b', '#5c3a24'];
const HAIRS = ['#141414', '#20140f', '#2b1d16', '#8a6a4a', '#d9b26f', '#b5562c', '#9a9a9a'];
const HAIR_STYLES: readonly HairStyle[] = ['short', 'long', 'bun', 'curly', 'bob', 'buzz', 'wavy', 'pony'];
const SHIRTS = ['#2e2e2e', '#2f6b58', '#3d4a52', '#3f5f7f', '#6b8f71', '#e8b44c', '#a4553f'];
const BACKGROUNDS = ['#a8d0c6', '#c9d6e8', '#cfe3c4', '#d6e4ef', '#e3d6f0', '#f2c6a0', '#f0dcc2'];

/** A portrait drawn from the username, so that every new account has a face of its own from the start. */
export function defaultAvatarLook(username: string): AvatarLook {
  const rng = createRng(`account-avatar/${username}`);
  return {
    skin: rng.pick(SKINS),
    hair: rng.pick(HAIRS),
    hairStyle: rng.pick(HAIR_STYLES),
    shirt: rng.pick(SHIRTS),
    background: rng.pick(BACKGROUNDS),
    glasses: rng.chance(0.3),
    beard: rng.chance(0.2),
    earrings: rng.chance(0.25),
  };
}

/** The new account's first avatar, as SVG. */
export function accountAvatarSvg(username: string): string {
  return avatarSvg(username, defaultAvatarLook(username));
}
