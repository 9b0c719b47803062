import { useParams } from 'react-router-dom';
import { StatementView } from './statement-view.tsx';

/**
 * Administrators: one user's account statement, opened from the users screen. Keyed by the id,
 * so going from one user's statement to another's starts afresh. The server refuses anyone else.
 */
export default function UserStatementScreen() {
  const { id = '' } = useParams();
  return <StatementView key={id} userId={id} />;
}
