//! The shared half of every `…/search` call: the query struct with its paging fields, the
//! SortBy check, date and id-or-name filters, and sorting and cutting the filtered list into
//! the page.

use std::cmp::Ordering;

use polodesk_domain::dates::Date;
use polodesk_domain::query::{DateFilter, Page, PageRequest, SortOrder, contains, paginate};
use polodesk_domain::validation::{ValidationErrors, fold};

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
    // A search of federations, clubs or teams: the filters they share come first.
    ($(#[$meta:meta])* $name:ident: named { $($fields:tt)* }) => {
        $crate::api::search::search_query! {
            $(#[$meta])*
            $name {
                name_universal: String => "Filter.NameUniversal",
                short_name: String => "Filter.ShortName",
                active_from: String => "Filter.ActiveFrom",
                active_to: String => "Filter.ActiveTo",
                is_pro: bool => "Filter.IsPro",
                $($fields)*
            }
        }

        impl $crate::api::search::NamedSearch for $name {
            fn page(
                &mut self,
                errors: &mut polodesk_domain::validation::ValidationErrors,
                sortable: &[&str],
            ) -> polodesk_domain::query::PageRequest {
                self.page_request(errors, sortable, polodesk_domain::query::SortOrder::Ascend)
            }

            fn filter(
                &self,
                errors: &mut polodesk_domain::validation::ValidationErrors,
            ) -> $crate::api::search::NamedFilter<'_> {
                $crate::api::search::NamedFilter {
                    name_universal: self.name_universal.as_deref(),
                    short_name: self.short_name.as_deref(),
                    active: $crate::api::search::ActiveFilter::parse(
                        errors,
                        self.active_from.as_deref(),
                        self.active_to.as_deref(),
                    ),
                    is_pro: self.is_pro,
                }
            }
        }
    };
    // A search of coaches, players or officials: the name and birthplace filters come first.
    ($(#[$meta:meta])* $name:ident: people { $($fields:tt)* }) => {
        $crate::api::search::search_query! {
            $(#[$meta])*
            $name {
                name: String => "Filter.Name",
                surname: String => "Filter.Surname",
                country_of_birth: String => "Filter.CountryOfBirth",
                city_of_birth: String => "Filter.CityOfBirth",
                $($fields)*
            }
        }

        impl $name {
            /// The paging fields, checked, and the name and birthplace filters, not yet
            /// narrowed to the members of anything.
            pub fn people_filter(
                &mut self,
                errors: &mut polodesk_domain::validation::ValidationErrors,
            ) -> (polodesk_domain::query::PageRequest, $crate::api::people::PeopleFilter) {
                let request = self.page_request(
                    errors,
                    $crate::api::people::SORTABLE,
                    polodesk_domain::query::SortOrder::Ascend,
                );
                let filter = $crate::api::people::PeopleFilter {
                    name: self.name.take(),
                    surname: self.surname.take(),
                    country_of_birth: self.country_of_birth.take(),
                    city_of_birth: self.city_of_birth.take(),
                    among: None,
                };
                (request, filter)
            }
        }
    };
}
pub(crate) use search_query;

/// The query of a search of federations, clubs or teams (`search_query!` with `named`).
pub trait NamedSearch {
    /// The paging fields, checked; unsorted means ascending.
    fn page(&mut self, errors: &mut ValidationErrors, sortable: &[&str]) -> PageRequest;
    /// The filters every such search takes, checked.
    fn filter(&self, errors: &mut ValidationErrors) -> NamedFilter<'_>;
}

/// The filters the searches of federations, clubs and teams share (spec 01 §3).
pub struct NamedFilter<'a> {
    pub name_universal: Option<&'a str>,
    pub short_name: Option<&'a str>,
    pub active: ActiveFilter,
    pub is_pro: Option<bool>,
}

/// What those filters and sort fields read from a federation, club or team.
pub struct NamedFields<'a> {
    pub name: &'a str,
    pub name_universal: &'a str,
    pub short_name: Option<&'a str>,
    pub active_from: Option<Date>,
    pub active_to: Option<Date>,
    pub is_pro: bool,
}

/// A view of a federation, club or team (see `named_record!`).
pub trait NamedRecord {
    fn id(&self) -> u64;
    fn names(&self) -> NamedFields<'_>;
}

/// Implements `NamedRecord` for views whose `fields` carry the names, the active period and
/// `is_pro`, as federations, clubs and teams do.
macro_rules! named_record {
    ($view:ty) => {
        impl $crate::api::search::NamedRecord for $view {
            fn id(&self) -> u64 {
                self.id
            }

            fn names(&self) -> $crate::api::search::NamedFields<'_> {
                let f = &self.fields;
                $crate::api::search::NamedFields {
                    name: &f.name,
                    name_universal: &f.name_universal,
                    short_name: f.short_name.as_deref(),
                    // A federation is always active from a date; clubs and teams may not say.
                    active_from: f.active_from.into(),
                    active_to: f.active_to,
                    is_pro: f.is_pro,
                }
            }
        }
    };
}
pub(crate) use named_record;

/// The sort fields every search of federations, clubs or teams takes.
const NAMED_SORTABLE: &[&str] = &[
    "name",
    "nameUniversal",
    "shortName",
    "activeFrom",
    "activeTo",
    "isPro",
];

/// Searches federations, clubs or teams: the shared filters and sort fields, then the kind's
/// own (`sortable`, `matches`, and `compare`, which answers `None` for fields it does not own);
/// by default by universal name.
pub fn named_page<Q: NamedSearch, V: NamedRecord>(
    mut query: Q,
    sortable: &[&str],
    views: Vec<V>,
    matches: impl Fn(&Q, &V) -> bool,
    compare: impl Fn(&str, &V, &V) -> Option<Ordering>,
) -> ApiResult<Page<V>> {
    let mut errors = ValidationErrors::new();
    let request = query.page(&mut errors, &[NAMED_SORTABLE, sortable].concat());
    let filter = query.filter(&mut errors);
    let views: Vec<V> = views
        .into_iter()
        .filter(|v| {
            let n = v.names();
            filter
                .name_universal
                .is_none_or(|t| contains(n.name_universal, t))
                && filter
                    .short_name
                    .is_none_or(|t| contains(n.short_name.unwrap_or(""), t))
                && filter.active.matches(n.active_from, n.active_to)
                && filter.is_pro.is_none_or(|p| n.is_pro == p)
                && matches(&query, v)
        })
        .collect();
    let text = |text: Option<&str>| text.map(fold).unwrap_or_default();
    let compare = |field: &str, a: &V, b: &V| {
        let (x, y) = (a.names(), b.names());
        match field {
            "name" => fold(x.name).cmp(&fold(y.name)),
            "shortname" => text(x.short_name).cmp(&text(y.short_name)),
            "activefrom" => x.active_from.cmp(&y.active_from),
            "activeto" => x.active_to.cmp(&y.active_to),
            "ispro" => x.is_pro.cmp(&y.is_pro),
            _ => compare(field, a, b)
                .unwrap_or_else(|| fold(x.name_universal).cmp(&fold(y.name_universal))),
        }
    };
    sorted_page(errors, views, &request, "nameUniversal", compare, V::id)
}

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
