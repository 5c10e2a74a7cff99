// The API reference page that the server serves at /api/docs. Swagger UI is bundled, so the
// page loads nothing from elsewhere; it renders the server's own OpenAPI document.
import 'swagger-ui-dist/swagger-ui.css';
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-bundle.js';

SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  // No call to the public validator service.
  validatorUrl: null,
  tryItOutEnabled: false,
});
