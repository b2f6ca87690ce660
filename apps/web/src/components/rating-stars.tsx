import { StarFilled } from '@ant-design/icons';
import './rating-stars.css';

/** How many stars a rating has (the survey's scale, packages/contracts CSAT_RATINGS). */
const MAX_STARS = 5;

/** A rating as "4/5": the same in every language. */
export const ratingOutOfFive = (rating: number): string => `${rating}/${MAX_STARS}`;

type RatingStarsProps = {
  rating: number;
  /** The rating in words ("4 out of 5 stars"): what a screen reader reads instead of the stars. */
  label: string;
  testId?: string;
};

/** A customer's satisfaction rating as five stars, as many filled as the rating. */
export function RatingStars({ rating, label, testId }: RatingStarsProps) {
  const filled = Math.max(0, Math.min(MAX_STARS, Math.round(rating)));
  return (
    <span className="rating-stars" role="img" aria-label={label} title={label} data-testid={testId}>
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <StarFilled
          key={index}
          aria-hidden
          className={index < filled ? 'rating-stars__star rating-stars__star--on' : 'rating-stars__star'}
        />
      ))}
    </span>
  );
}
