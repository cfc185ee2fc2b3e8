/**
 * A job's queue as SQL, over the column holding its definition's id: the definition's `queue`,
 * `default` when it names none or was deleted. Claims, the jobs list and the queue depths agree
 * on it through this one expression.
 */
export const queueOfSql = (definitionIdColumn: string): string =>
  `coalesce((SELECT d.queue FROM jobs_definitions d WHERE d.definition_id = ${definitionIdColumn}), 'default')`;
