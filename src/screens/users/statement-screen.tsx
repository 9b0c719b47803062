import { StatementView } from './statement-view.tsx';

/** Financial -> Account statement: the signed-in user's own movements and running balance. */
export default function StatementScreen() {
  return <StatementView userId={null} />;
}
