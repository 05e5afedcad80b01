// Async boundary: shared modules (react, antd, sdk) are negotiated before any of them is used.
import('./bootstrap');
