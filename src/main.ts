import { mount } from 'svelte';
import App from './App.svelte';
import { appStatus } from './lib/app-status.svelte';
import { acceptLaunchedFiles } from './lib/launched-files';
import { models } from './lib/models.svelte';
import { schemaWatch } from './lib/schema-watch.svelte';
import { acceptSharedFiles } from './lib/shared-files';
import './app.css';

appStatus.start();
models.start();
schemaWatch.start();
acceptLaunchedFiles();
acceptSharedFiles();

export default mount(App, { target: document.getElementById('app')! });
