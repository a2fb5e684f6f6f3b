/** If the model cannot load, keyword search still works and the header says so. */
import { addFiles, expect, fixture, searchFor, test } from './support';

// Without the service worker every model request goes to the network, where the route below fails it.
test.use({ serviceWorkers: 'block' });

test('without the model, documents are still indexed and found by keywords', async ({ page, context }) => {
  await context.route('**/models/carrel-glove-50k/onnx/model_quantized.onnx', (route) =>
    route.fulfill({ status: 404, body: 'not found' }),
  );
  await page.goto('/');
  await expect(page.getByTestId('model-status')).toHaveAttribute('data-state', 'failed');
  await expect(page.getByTestId('model-status')).toContainText('Model unavailable — keyword search only');

  await addFiles(page, [fixture('clinic-notes.md')]);
  const first = await searchFor(page, 'physician prescribed antibiotics');
  await expect(first.getByTestId('result-proposition').first()).toContainText('physician prescribed antibiotics');
});
