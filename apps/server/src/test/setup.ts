/**
 * Every server suite: a query sent on a connection that is still busy with another (two statements at
 * once in one transaction) fails the run. node-postgres only queues it, with a deprecation warning once per
 * process, and refuses it from pg 9; in a transaction it also leaves the order of the statements to chance.
 */
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) {
    throw warning;
  }
});
