//! The shared half of every `…/search` call: the query struct with its paging fields, the
//! SortBy check, date and id-or-name filters, and sorting and cutting the filtered list into
//! the page.

use std::cmp::Ordering;

use polodesk_domain::dates::Date;
use polodesk_domain::query::{DateFilter, Page, PageRequest, SortOrder, paginate};
use polodesk_domain::validation::ValidationErrors;

use crate::error::ApiResult;

/// Declares the query of a `…/search` call: its `Filter.*` fields (all optional, named as the
/// spec names them) followed by the four paging fields every search takes. Serde's `flatten`
/// would share those fields without a macro, but it turns numbers into strings in query parsing.
macro_rules! search_query {
    ($(#[$meta:meta])* $name:ident { $($(#[doc = $doc:tt])* $field:ident: $ty:ty => $rename:tt,)* }) => {
        $(#[$meta])*
        #[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
        #[into_params(parameter_in = Query)]
        pub struct $name {
            $(
                $(#[doc = $doc])*
                #[serde(rename = $rename)]
                #[param(rename = $rename)]
                pub $field: Option<$ty>,
            )*
            /// 1-based page number (default 1).
            #[serde(rename = "PageIndex")]
            #[param(rename = "PageIndex")]
            pub page_index: Option<u32>,
            /// 1 to 100 (default 10).
            #[serde(rename = "PageSize")]
            #[param(rename = "PageSize")]
            pub page_size: Option<u32>,
            /// A field name; an unknown one is answered with a 400 that lists the valid ones.
            #[serde(rename = "SortBy")]
            #[param(rename = "SortBy")]
            pub sort_by: Option<String>,
            #[serde(rename = "SortOrder")]
            #[param(rename = "SortOrder", inline)]
            pub sort_order: Option<polodesk_domain::query::SortOrder>,
        }

        impl $name {
            /// The paging fields, checked; `unsorted` is the order when neither SortBy nor
            /// SortOrder is given.
            pub fn page_request(
                &mut self,
                errors: &mut polodesk_domain::validation::ValidationErrors,
                sortable: &[&str],
                unsorted: polodesk_domain::query::SortOrder,
            ) -> polodesk_domain::query::PageRequest {
                let order = match (&self.sort_by, self.sort_order) {
                    (None, None) => Some(unsorted),
                    (_, order) => order,
                };
                $crate::api::search::page_request(
                    errors,
                    self.page_index,
                    self.page_size,
                    self.sort_by.take(),
                    order,
                    sortable,
                )
            }
        }
    };
}
pub(crate) use search_query;

/// Checks the paging fields and that `SortBy` names one of `sortable`.
pub fn page_request(
    errors: &mut ValidationErrors,
    page_index: Option<u32>,
    page_size: Option<u32>,
    sort_by: Option<String>,
    sort_order: Option<SortOrder>,
    sortable: &[&str],
) -> PageRequest {
    let request = match PageRequest::new(page_index, page_size, sort_by, sort_order) {
        Ok(request) => request,
        Err(found) => {
            for (field, messages) in found.fields() {
                messages.iter().for_each(|m| errors.add(field, m));
            }
            // The defaults stand in while the errors are reported.
            PageRequest {
                page_index: 1,
                page_size: polodesk_domain::query::DEFAULT_PAGE_SIZE,
                sort_by: None,
                sort_order: sort_order.unwrap_or_default(),
            }
        }
    };
    if let Some(sort) = &request.sort_by
        && !sortable.iter().any(|s| s.eq_ignore_ascii_case(sort))
    {
        let message = format!(
            "Unknown SortBy '{sort}'. Use one of: {}.",
            sortable.join(", ")
        );
        errors.add("SortBy", &message);
    }
    request
}

/// Parses a date filter such as `2026-05-01` or `GTE:2026-05-01`.
pub fn date_filter(
    errors: &mut ValidationErrors,
    field: &str,
    text: Option<&str>,
) -> Option<DateFilter> {
    let text = text?.trim();
    if text.is_empty() {
        return None;
    }
    let filter = DateFilter::parse(text);
    if filter.is_none() {
        errors.add(
            field,
            "Expected a date filter such as 2026-05-01 or GTE:2026-05-01.",
        );
    }
    filter
}

/// The `Filter.ActiveFrom` and `Filter.ActiveTo` filters of a search over records active for
/// a time (clubs, teams, federations).
pub struct ActiveFilter {
    from: Option<DateFilter>,
    to: Option<DateFilter>,
}

impl ActiveFilter {
    pub fn parse(errors: &mut ValidationErrors, from: Option<&str>, to: Option<&str>) -> Self {
        ActiveFilter {
            from: date_filter(errors, "Filter.ActiveFrom", from),
            to: date_filter(errors, "Filter.ActiveTo", to),
        }
    }

    /// Whether a record active from `from` to `to` passes both filters.
    pub fn matches(&self, from: Option<Date>, to: Option<Date>) -> bool {
        self.from.as_ref().is_none_or(|d| d.matches(from))
            && self.to.as_ref().is_none_or(|d| d.matches(to))
    }
}

/// Whether an id-or-name filter matches `entity`: a number is its id, text a part of its name.
pub fn id_or_name(filter: Option<&str>, entity: Option<&super::names::EntityRef>) -> bool {
    let Some(filter) = filter.map(str::trim).filter(|f| !f.is_empty()) else {
        return true;
    };
    let Some(entity) = entity else { return false };
    match filter.parse::<u64>() {
        Ok(id) => entity.id == id,
        Err(_) => {
            polodesk_domain::query::contains(&entity.name, filter)
                || polodesk_domain::query::contains(&entity.name_universal, filter)
        }
    }
}

/// Sorts `items` by the requested field (`compare` gets it lower-cased; `default` when none was
/// asked for), ties by `id`, and cuts the page.
pub fn sorted_page<T>(
    errors: ValidationErrors,
    mut items: Vec<T>,
    request: &PageRequest,
    default: &str,
    compare: impl Fn(&str, &T, &T) -> Ordering,
    id: impl Fn(&T) -> u64,
) -> ApiResult<Page<T>> {
    if !errors.is_empty() {
        return Err(errors.into());
    }
    let field = request
        .sort_by
        .as_deref()
        .unwrap_or(default)
        .to_ascii_lowercase();
    items.sort_by(|a, b| compare(&field, a, b).then(id(a).cmp(&id(b))));
    if request.sort_order == SortOrder::Descend {
        items.reverse();
    }
    Ok(paginate(items, request))
}
