import type { AvatarLook } from '../illustrations/avatars';

export interface SeedUser {
  id: string;
  username: string;
  displayName: string;
  isVerified: boolean;
  bio: string;
  followerCount: number;
  followingCount: number;
  commissionEarned: number;
  /** the lowest rank is the current user (docs/product.md §2, §6) */
  rank: number;
  joinedDaysAgo: number;
  avatar: AvatarLook;
}

export const CURRENT_USER_ID = 'u-maya-chen';

export const SEED_USERS: readonly SeedUser[] = [
  {
    id: CURRENT_USER_ID,
    username: 'mayadesigns',
    displayName: 'Maya Chen',
    isVerified: true,
    bio: 'Interior stylist in Portland. Warm woods, soft light and one bold colour per room.',
    followerCount: 2841,
    followingCount: 312,
    commissionEarned: 1245.5,
    rank: 0,
    joinedDaysAgo: 120,
    avatar: {
      skin: '#f1c9a5',
      hair: '#2b1d16',
      hairStyle: 'long',
      shirt: '#2f6b58',
      background: '#f2c6a0',
      earrings: true,
    },
  },
  {
    id: 'u-jordan-blake',
    username: 'jordanbuilds',
    displayName: 'Jordan Blake',
    isVerified: true,
    bio: 'Landscape designer. Turning tired backyards into places people actually use.',
    followerCount: 5230,
    followingCount: 198,
    commissionEarned: 3180.25,
    rank: 1,
    joinedDaysAgo: 300,
    avatar: {
      skin: '#8d5a3b',
      hair: '#1b1411',
      hairStyle: 'buzz',
      shirt: '#3f5f7f',
      background: '#a8d0c6',
      beard: true,
    },
  },
  {
    id: 'u-priya-patel',
    username: 'priya.greenspace',
    displayName: 'Priya Patel',
    isVerified: false,
    bio: 'Plant person, balcony gardener, collector of terracotta.',
    followerCount: 912,
    followingCount: 421,
    commissionEarned: 310,
    rank: 2,
    joinedDaysAgo: 90,
    avatar: {
      skin: '#c68a62',
      hair: '#20140f',
      hairStyle: 'bun',
      shirt: '#e8b44c',
      background: '#cfe3c4',
      earrings: true,
    },
  },
  {
    id: 'u-lucas-moreau',
    username: 'lucas.atelier',
    displayName: 'Lucas Moreau',
    isVerified: true,
    bio: 'Architect. Clean lines, honest materials, very little clutter.',
    followerCount: 4102,
    followingCount: 87,
    commissionEarned: 2260.75,
    rank: 3,
    joinedDaysAgo: 410,
    avatar: {
      skin: '#f3d2b8',
      hair: '#8a6a4a',
      hairStyle: 'short',
      shirt: '#2e2e2e',
      background: '#c9d6e8',
      glasses: true,
    },
  },
  {
    id: 'u-amara-okafor',
    username: 'amara.home',
    displayName: 'Amara Okafor',
    isVerified: false,
    bio: 'Colour lover. If it can be rust, ochre or teal, it will be.',
    followerCount: 1570,
    followingCount: 640,
    commissionEarned: 540.5,
    rank: 4,
    joinedDaysAgo: 60,
    avatar: { skin: '#6b4030', hair: '#1a1210', hairStyle: 'curly', shirt: '#c96f4a', background: '#f6d98c' },
  },
  {
    id: 'u-sven-lindqvist',
    username: 'svenlind',
    displayName: 'Sven Lindqvist',
    isVerified: false,
    bio: 'Weekend carpenter and deck builder. Mostly cedar, occasionally regret.',
    followerCount: 388,
    followingCount: 152,
    commissionEarned: 95,
    rank: 5,
    joinedDaysAgo: 45,
    avatar: {
      skin: '#f5d6c0',
      hair: '#d9b26f',
      hairStyle: 'short',
      shirt: '#6b8f71',
      background: '#d6e4ef',
      beard: true,
    },
  },
  {
    id: 'u-sofia-reyes',
    username: 'sofia.casa',
    displayName: 'Sofia Reyes',
    isVerified: true,
    bio: 'Mediterranean courtyards, tiled everything, lemon trees in pots.',
    followerCount: 3377,
    followingCount: 275,
    commissionEarned: 1890,
    rank: 6,
    joinedDaysAgo: 220,
    avatar: { skin: '#d9a27e', hair: '#5a3322', hairStyle: 'wavy', shirt: '#f1ede4', background: '#f0b8a8' },
  },
  {
    id: 'u-kenji-watanabe',
    username: 'kenji.w',
    displayName: 'Kenji Watanabe',
    isVerified: false,
    bio: 'Small spaces, big ideas. Tokyo apartment, Zen garden on the balcony.',
    followerCount: 764,
    followingCount: 301,
    commissionEarned: 180,
    rank: 7,
    joinedDaysAgo: 150,
    avatar: {
      skin: '#eccaa8',
      hair: '#141414',
      hairStyle: 'bob',
      shirt: '#3d4a52',
      background: '#e3d6f0',
      glasses: true,
    },
  },
];
