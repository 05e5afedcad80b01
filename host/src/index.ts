// Async boundary: module federation negotiates the shared singletons before any of them runs.
import('./bootstrap');
