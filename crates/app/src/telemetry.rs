//! Logs and traces through `tracing`: readable lines in dev, JSON lines in prod, on standard error
//! (standard output is the commands' answers, which scripts read), each request's
//! span (with its request id) around what it logs; and, with `APP_OTLP_ENDPOINT`, every span
//! (requests over REST and gRPC, the domain's service calls, the stores' database work) exported
//! over OTLP/gRPC to an OpenTelemetry collector.

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::{SpanExporter, WithExportConfig};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::runtime::Tokio;
use opentelemetry_sdk::trace::SdkTracerProvider;
use opentelemetry_sdk::trace::span_processor_with_async_runtime::BatchSpanProcessor;
use tracing_subscriber::Layer;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, fmt};

use crate::config::{Config, Environment};

/// What must outlive the server: the trace exporter, flushed by [`Telemetry::shutdown`].
#[derive(Default)]
pub struct Telemetry {
    traces: Option<SdkTracerProvider>,
}

impl Telemetry {
    /// Sends the spans still buffered; call once the server has stopped.
    pub async fn shutdown(self) {
        if let Some(provider) = self.traces {
            let done = tokio::task::spawn_blocking(move || provider.shutdown()).await;
            if let Ok(Err(error)) = done {
                eprintln!("traces not flushed: {error}");
            }
        }
    }
}

/// Installs the process's subscriber; a second call (tests start several apps in one process)
/// keeps the first. Must run inside the tokio runtime, which exports the traces.
pub fn init(config: &Config) -> Telemetry {
    // Logs follow `RUST_LOG` or `APP_LOG`; traces the same, plus SeaORM's span per statement,
    // which is only made when traces are exported (a span no layer wants costs nothing).
    let directives = std::env::var("RUST_LOG")
        .ok()
        .filter(|d| EnvFilter::try_new(d).is_ok())
        .or_else(|| Some(config.telemetry.log.clone()).filter(|d| EnvFilter::try_new(d).is_ok()))
        .unwrap_or_else(|| "info".into());
    let filter = |extra: &str| {
        EnvFilter::try_new(format!("{directives}{extra}"))
            .unwrap_or_else(|_| EnvFilter::new("info"))
    };
    let prod = config.env == Environment::Prod;
    let traces =
        config.telemetry.otlp_endpoint.as_deref().and_then(
            |endpoint| match SpanExporter::builder()
                .with_tonic()
                .with_endpoint(endpoint)
                .build()
            {
                Ok(exporter) => Some(
                    SdkTracerProvider::builder()
                        .with_span_processor(BatchSpanProcessor::builder(exporter, Tokio).build())
                        .with_resource(Resource::builder().with_service_name("booking").build())
                        .build(),
                ),
                Err(error) => {
                    eprintln!("APP_OTLP_ENDPOINT {endpoint}: {error}; traces stay local");
                    None
                }
            },
        );
    let otel = traces.as_ref().map(|p| {
        tracing_opentelemetry::layer()
            .with_tracer(p.tracer("booking"))
            .with_filter(filter(",sea_orm=info"))
    });
    let logs = (
        prod.then(|| fmt::layer().json().with_writer(std::io::stderr)),
        (!prod).then(|| fmt::layer().compact().with_writer(std::io::stderr)),
    );
    let installed = tracing_subscriber::registry()
        .with(logs.0.with_filter(filter("")))
        .with(logs.1.with_filter(filter("")))
        .with(otel)
        .try_init();
    match installed {
        Ok(()) => Telemetry { traces },
        Err(_) => Telemetry::default(),
    }
}
