//! A scripted answer that drives the page of a URL-mode request: the browsers that open its
//! URL, what each fills in, and when the client replies (feature `url-forms` too; without it
//! no such answer can be made, and the types here are empty).

#[cfg(not(feature = "url-forms"))]
pub(super) use self::none::*;
#[cfg(feature = "url-forms")]
pub(super) use self::pages::*;

/// The visits' record, locked (a visit that panicked left nothing half written).
pub(super) fn lock(visiting: &std::sync::Mutex<Visiting>) -> std::sync::MutexGuard<'_, Visiting> {
    visiting
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(feature = "url-forms")]
mod pages {
    use std::fmt;
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    use super::super::browser::Browser;
    use super::super::error::KitError;
    use super::super::page::Page;
    use super::lock;

    /// What a test does with a page: fills it in, as a person would.
    pub(in super::super) type Fill = Arc<dyn Fn(Page) -> Page + Send + Sync>;

    /// The visits of one scripted answer, in order.
    #[derive(Clone)]
    pub(in super::super) struct Visits(Vec<Visit>);

    #[derive(Clone)]
    struct Visit {
        /// The browser that opens the URL; `None`: the page the last post came back with
        /// (refused, with its errors) is corrected in the same browser.
        browser: Option<Browser>,
        fill: Fill,
    }

    impl Visits {
        pub(in super::super) fn open(browser: &Browser, fill: Fill) -> Self {
            Self(vec![Visit {
                browser: Some(browser.clone()),
                fill,
            }])
        }

        pub(in super::super) fn then_open(&mut self, browser: &Browser, fill: Fill) {
            self.0.push(Visit {
                browser: Some(browser.clone()),
                fill,
            });
        }

        pub(in super::super) fn then_correct(&mut self, fill: Fill) {
            self.0.push(Visit {
                browser: None,
                fill,
            });
        }
    }

    /// `open the page, fill it and post it, then correct it`
    impl fmt::Display for Visits {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            for (index, visit) in self.0.iter().enumerate() {
                let lead = if index == 0 { "" } else { ", then " };
                let what = match (&visit.browser, index) {
                    (Some(_), 0) => "open the page, fill it and post it",
                    (Some(_), _) => "open it in a browser, fill it and post it",
                    (None, _) => "correct it and post it again",
                };
                write!(f, "{lead}{what}")?;
            }
            Ok(())
        }
    }

    /// The visits planned for one URL request: to its `url`.
    pub(in super::super) struct Planned {
        pub(in super::super) url: String,
        pub(in super::super) visits: Visits,
    }

    /// The spawned visits of the current call (2025-11-25, a client that replies at once)
    /// and what they met, and every page the kit's browsers were served.
    #[derive(Default)]
    pub(in super::super) struct Visiting {
        running: usize,
        failures: Vec<KitError>,
        pub(in super::super) pages: Vec<Page>,
    }

    impl Visiting {
        /// A new call starts: what a visit of an earlier one met (one still running when
        /// that call gave up) is not this call's.
        pub(in super::super) fn new_call(&mut self) {
            self.failures.clear();
        }
    }

    impl Planned {
        pub(in super::super) fn new(url: String, visits: Visits) -> Self {
            Self { url, visits }
        }

        /// Runs the visits, recording each page served: the last must be a post the page
        /// took. `request` (described) names the request in errors.
        pub(in super::super) async fn run(
            self,
            visiting: &Mutex<Visiting>,
            request: &str,
        ) -> Result<(), KitError> {
            let record = |page: &Page| lock(visiting).pages.push(page.clone());
            let mut current: Option<Page> = None;
            for visit in self.visits.0 {
                let page = match (visit.browser, current.take()) {
                    (Some(browser), _) => {
                        let page = browser
                            .open(&self.url)
                            .await
                            .map_err(|error| error.answering(request))?;
                        record(&page);
                        page
                    }
                    (None, Some(page)) => page,
                    (None, None) => {
                        return Err(KitError::Page {
                            request: Some(request.to_owned()),
                            page: "(none)".to_owned(),
                            problem: "there is no page to correct".to_owned(),
                        });
                    }
                };
                if !page.has_form() {
                    // A refusal: nothing to fill; the next visit (another browser) may go on.
                    current = Some(page);
                    continue;
                }
                let next = (visit.fill)(page)
                    .submit()
                    .await
                    .map_err(|error| error.answering(request))?;
                record(&next);
                current = Some(next);
            }
            match current {
                Some(page) if page.is_received() => Ok(()),
                Some(page) => {
                    let problem = if page.errors().is_empty() {
                        format!(
                            "the page did not take a post, so the form is not answered: {}",
                            page.text()
                        )
                    } else {
                        format!(
                            "the post was refused, so the form is not answered: {}",
                            page.errors().join("; ")
                        )
                    };
                    Err(page.error(problem).answering(request))
                }
                None => Err(KitError::Page {
                    request: Some(request.to_owned()),
                    page: "(none)".to_owned(),
                    problem: "no page was opened".to_owned(),
                }),
            }
        }

        /// Runs the visits on a task of their own, after the client replied (2025-11-25):
        /// the call waits for them, and ends at once with the error of one that fails.
        pub(in super::super) fn spawn(self, visiting: Arc<Mutex<Visiting>>, request: String) {
            lock(&visiting).running += 1;
            tokio::spawn(async move {
                let result = self.run(&visiting, &request).await;
                let mut state = lock(&visiting);
                state.running -= 1;
                if let Err(error) = result {
                    state.failures.push(error);
                }
            });
        }
    }

    /// How often a waiting call looks at the visits: they run in process, in milliseconds.
    const TICK: Duration = Duration::from_millis(5);

    /// The error of the first spawned visit of the call that fails, when one does.
    pub(in super::super) async fn failure(visiting: &Mutex<Visiting>) -> KitError {
        loop {
            if let Some(error) = lock(visiting).failures.pop() {
                return error;
            }
            tokio::time::sleep(TICK).await;
        }
    }

    /// Waits until no spawned visit runs; the error of one that failed.
    pub(in super::super) async fn settled(visiting: &Mutex<Visiting>) -> Option<KitError> {
        loop {
            {
                let mut state = lock(visiting);
                if let Some(error) = state.failures.pop() {
                    return Some(error);
                }
                if state.running == 0 {
                    return None;
                }
            }
            tokio::time::sleep(TICK).await;
        }
    }
}

#[cfg(not(feature = "url-forms"))]
#[allow(clippy::unused_async)] // the same signatures as with pages
mod none {
    use std::sync::{Arc, Mutex};

    use super::super::error::KitError;

    /// No visits: an answer that drives a page needs the `url-forms` feature.
    pub(in super::super) enum Planned {}

    #[derive(Default)]
    pub(in super::super) struct Visiting;

    impl Visiting {
        pub(in super::super) fn new_call(&mut self) {}
    }

    impl Planned {
        pub(in super::super) async fn run(
            self,
            _: &Mutex<Visiting>,
            _: &str,
        ) -> Result<(), KitError> {
            match self {}
        }

        pub(in super::super) fn spawn(self, _: Arc<Mutex<Visiting>>, _: String) {
            match self {}
        }
    }

    pub(in super::super) async fn failure(_: &Mutex<Visiting>) -> KitError {
        std::future::pending().await
    }

    pub(in super::super) async fn settled(_: &Mutex<Visiting>) -> Option<KitError> {
        None
    }
}
