import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens render Mantine-heavy trees; under a loaded CI machine the first paint can exceed the 1 s default.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => cleanup());
