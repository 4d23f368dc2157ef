export interface SeedNotification {
  id: string;
  type: 'like' | 'follow' | 'comment' | 'commission';
  actorId: string | null;
  message: string;
  designId: string | null;
  amount: number | null;
  read: boolean;
  hoursAgo: number;
}

/** The current user's activity (SPEC §2 Activity): likes, follows, comments and commissions. */
export const SEED_NOTIFICATIONS: readonly SeedNotification[] = [
  { id: 'n-01', type: 'like', actorId: 'u-kenji-watanabe', message: 'Kenji Watanabe liked your design “Soft Boucle Lounge”.', designId: 'd-cloud-living', amount: null, read: false, hoursAgo: 1 },
  { id: 'n-02', type: 'comment', actorId: 'u-kenji-watanabe', message: 'Kenji Watanabe commented on “Soft Boucle Lounge”: “So calm. Saving this one.”', designId: 'd-cloud-living', amount: null, read: false, hoursAgo: 1.2 },
  { id: 'n-03', type: 'follow', actorId: 'u-sofia-reyes', message: 'Sofia Reyes started following you.', designId: null, amount: null, read: false, hoursAgo: 4 },
  { id: 'n-04', type: 'commission', actorId: 'u-priya-patel', message: 'You earned a commission: Priya Patel bought the Emerald Velvet Sofa from your design.', designId: 'd-emerald-living', amount: 45, read: false, hoursAgo: 7 },
  { id: 'n-05', type: 'like', actorId: 'u-jordan-blake', message: 'Jordan Blake liked your design “Louvred Pergola Patio”.', designId: 'd-patio-pergola', amount: null, read: true, hoursAgo: 26 },
  { id: 'n-06', type: 'comment', actorId: 'u-sofia-reyes', message: 'Sofia Reyes commented on “Louvred Pergola Patio”: “A pergola makes such a difference.”', designId: 'd-patio-pergola', amount: null, read: true, hoursAgo: 30 },
  { id: 'n-07', type: 'follow', actorId: 'u-amara-okafor', message: 'Amara Okafor started following you.', designId: null, amount: null, read: true, hoursAgo: 50 },
  { id: 'n-08', type: 'commission', actorId: 'u-lucas-moreau', message: 'You earned a commission: Lucas Moreau bought the Brass Arc Floor Lamp from your design.', designId: 'd-emerald-living', amount: 45, read: true, hoursAgo: 75 },
  { id: 'n-09', type: 'like', actorId: 'u-priya-patel', message: 'Priya Patel liked your design “Emerald Velvet Living Room”.', designId: 'd-emerald-living', amount: null, read: true, hoursAgo: 100 },
  { id: 'n-10', type: 'comment', actorId: 'u-lucas-moreau', message: 'Lucas Moreau commented on “Emerald Velvet Living Room”: “The arc lamp really ties it together.”', designId: 'd-emerald-living', amount: null, read: true, hoursAgo: 120 },
  { id: 'n-11', type: 'follow', actorId: 'u-sven-lindqvist', message: 'Sven Lindqvist started following you.', designId: null, amount: null, read: true, hoursAgo: 170 },
  { id: 'n-12', type: 'commission', actorId: 'u-sofia-reyes', message: 'You earned a commission: Sofia Reyes bought the Teak Outdoor Sofa from your design.', designId: 'd-patio-pergola', amount: 45, read: true, hoursAgo: 200 },
  { id: 'n-13', type: 'like', actorId: 'u-amara-okafor', message: 'Amara Okafor liked your design “Emerald Velvet Living Room”.', designId: 'd-emerald-living', amount: null, read: true, hoursAgo: 260 },
];
