/** Stars as text (★★★★☆): lighter than a rating widget on the public pages. */
export const starsText = (stars: number) => '★'.repeat(stars) + '☆'.repeat(5 - stars)
