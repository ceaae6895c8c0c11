/**
 * Real Nairobi landmarks and estates with approximate coordinates, all inside
 * CITY.bounds (south −1.37, west 36.70, north −1.20, east 36.95). `weight` is
 * how often trips start or end there.
 */
export interface Place {
  name: string;
  area: string;
  lat: number;
  lng: number;
  weight: number;
}

export const PLACES: readonly Place[] = [
  { name: 'Kenyatta Avenue', area: 'CBD', lat: -1.2841, lng: 36.8219, weight: 10 },
  { name: 'Kencom, Moi Avenue', area: 'CBD', lat: -1.2858, lng: 36.8262, weight: 7 },
  { name: 'KICC', area: 'CBD', lat: -1.2884, lng: 36.8233, weight: 4 },
  { name: 'Railways Bus Terminus', area: 'CBD', lat: -1.2903, lng: 36.8282, weight: 4 },
  { name: 'University of Nairobi', area: 'University Way', lat: -1.2797, lng: 36.8166, weight: 4 },
  { name: 'Nairobi National Museum', area: 'Museum Hill', lat: -1.2741, lng: 36.8145, weight: 2 },
  { name: 'Sarit Centre', area: 'Westlands', lat: -1.2612, lng: 36.8026, weight: 8 },
  { name: 'The Mall', area: 'Westlands', lat: -1.2662, lng: 36.804, weight: 5 },
  { name: 'Westgate Mall', area: 'Westlands', lat: -1.2569, lng: 36.8033, weight: 6 },
  { name: 'ABC Place', area: 'Waiyaki Way', lat: -1.2556, lng: 36.7776, weight: 3 },
  { name: 'Riverside Drive', area: 'Riverside', lat: -1.2708, lng: 36.7967, weight: 3 },
  { name: 'Aga Khan University Hospital', area: 'Parklands', lat: -1.2614, lng: 36.824, weight: 4 },
  { name: 'Diamond Plaza', area: 'Parklands', lat: -1.2598, lng: 36.8175, weight: 3 },
  { name: 'Ngara Market', area: 'Ngara', lat: -1.2738, lng: 36.8258, weight: 3 },
  { name: 'First Avenue', area: 'Eastleigh', lat: -1.2748, lng: 36.8497, weight: 5 },
  { name: 'Muthaiga Shopping Centre', area: 'Muthaiga', lat: -1.2489, lng: 36.8306, weight: 2 },
  { name: 'UN Avenue', area: 'Gigiri', lat: -1.2337, lng: 36.8069, weight: 3 },
  { name: 'Village Market', area: 'Gigiri', lat: -1.2296, lng: 36.8045, weight: 5 },
  { name: 'Two Rivers Mall', area: 'Ruaka', lat: -1.2106, lng: 36.7946, weight: 5 },
  { name: 'Spring Valley', area: 'Spring Valley', lat: -1.2455, lng: 36.7886, weight: 2 },
  { name: 'Yaya Centre', area: 'Kilimani', lat: -1.2926, lng: 36.7878, weight: 7 },
  { name: 'Prestige Plaza', area: 'Ngong Road', lat: -1.2995, lng: 36.7818, weight: 5 },
  { name: 'Adams Arcade', area: 'Ngong Road', lat: -1.3005, lng: 36.7766, weight: 3 },
  { name: 'The Junction Mall', area: 'Ngong Road', lat: -1.2984, lng: 36.7626, weight: 5 },
  { name: 'Dagoretti Corner', area: 'Ngong Road', lat: -1.3004, lng: 36.7541, weight: 2 },
  { name: 'Hurlingham Shopping Centre', area: 'Hurlingham', lat: -1.2945, lng: 36.7949, weight: 3 },
  { name: 'Lavington Mall', area: 'Lavington', lat: -1.2785, lng: 36.7687, weight: 4 },
  { name: 'Valley Arcade', area: 'Lavington', lat: -1.2834, lng: 36.7672, weight: 3 },
  { name: 'Kileleshwa Shopping Centre', area: 'Kileleshwa', lat: -1.2813, lng: 36.7829, weight: 4 },
  { name: 'Kawangware Market', area: 'Kawangware', lat: -1.2823, lng: 36.7483, weight: 2 },
  { name: 'Kangemi Market', area: 'Kangemi', lat: -1.2656, lng: 36.7468, weight: 2 },
  { name: 'Upper Hill Medical Centre', area: 'Upper Hill', lat: -1.2977, lng: 36.8097, weight: 5 },
  { name: 'The Nairobi Hospital', area: 'Upper Hill', lat: -1.2961, lng: 36.8048, weight: 4 },
  { name: 'Kenyatta National Hospital', area: 'Upper Hill', lat: -1.3012, lng: 36.8069, weight: 4 },
  { name: 'Strathmore University', area: 'Madaraka', lat: -1.3097, lng: 36.8126, weight: 3 },
  { name: 'Nairobi West Shopping Centre', area: 'Nairobi West', lat: -1.3082, lng: 36.8195, weight: 2 },
  { name: 'Wilson Airport', area: 'Langata Road', lat: -1.3217, lng: 36.8149, weight: 3 },
  { name: 'Carnivore', area: 'Langata', lat: -1.3279, lng: 36.8029, weight: 2 },
  { name: 'Galleria Mall', area: 'Langata', lat: -1.3356, lng: 36.7703, weight: 3 },
  { name: 'Karen Shopping Centre', area: 'Karen', lat: -1.3196, lng: 36.7096, weight: 3 },
  { name: 'The Hub', area: 'Karen', lat: -1.3193, lng: 36.7048, weight: 3 },
  { name: 'Capital Centre', area: 'South B', lat: -1.3104, lng: 36.8388, weight: 3 },
  { name: 'South C Shopping Centre', area: 'South C', lat: -1.3207, lng: 36.8262, weight: 3 },
  { name: 'Nextgen Mall', area: 'Mombasa Road', lat: -1.3209, lng: 36.8348, weight: 2 },
  { name: 'Enterprise Road', area: 'Industrial Area', lat: -1.305, lng: 36.8504, weight: 3 },
  { name: 'Buruburu Phase 1', area: 'Buruburu', lat: -1.2887, lng: 36.8795, weight: 3 },
  { name: 'Donholm Shopping Centre', area: 'Donholm', lat: -1.2963, lng: 36.8891, weight: 2 },
  { name: 'Umoja Market', area: 'Umoja', lat: -1.2829, lng: 36.8987, weight: 2 },
  { name: 'Pipeline Stage', area: 'Embakasi', lat: -1.3152, lng: 36.8968, weight: 2 },
  { name: 'JKIA Terminal 1A', area: 'Embakasi', lat: -1.3227, lng: 36.9256, weight: 4 },
  { name: 'Garden City Mall', area: 'Thika Road', lat: -1.2321, lng: 36.878, weight: 4 },
  { name: 'Thika Road Mall', area: 'Roysambu', lat: -1.2196, lng: 36.8885, weight: 4 },
  { name: 'Moi International Sports Centre', area: 'Kasarani', lat: -1.2272, lng: 36.8928, weight: 2 },
];
