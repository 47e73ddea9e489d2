/** A closed square ring (lon/lat degrees) with its south-west corner at (x, y), for polygon fixtures. */
export const square = (x: number, y: number, size = 0.01) => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];
